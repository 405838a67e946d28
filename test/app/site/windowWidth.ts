/**
 * A `window.matchMedia` for jsdom (which has none) that answers min-width and max-width
 * queries for a window `width` px wide; `resizeTo` changes the width and notifies listeners.
 */
export function mockWindowWidth(initialWidth: number) {
  let width = initialWidth;
  const listeners = new Set<() => void>();

  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)/g)].every(([, bound, px]) =>
      bound === 'min' ? width >= Number(px) : width <= Number(px),
    );

  window.matchMedia = (query: string) =>
    ({
      media: query,
      get matches() {
        return matches(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      addListener: (listener: () => void) => listeners.add(listener),
      removeListener: (listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;

  return {
    resizeTo(newWidth: number) {
      width = newWidth;
      listeners.forEach((listener) => listener());
    },
    restore() {
      // jsdom has no matchMedia of its own.
      delete (window as Partial<Window>).matchMedia;
    },
  };
}
