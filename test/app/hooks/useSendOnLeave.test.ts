import { act, renderHook } from '@testing-library/react';
import { useSendOnLeave } from '@/hooks/useSendOnLeave';

let visibility: DocumentVisibilityState = 'visible';

beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

afterEach(() => {
  visibility = 'visible';
});

function turnVisibility(to: DocumentVisibilityState) {
  visibility = to;
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

describe('useSendOnLeave', () => {
  it('sends when the page is hidden, not when it shows again', () => {
    const send = jest.fn();
    renderHook(() => useSendOnLeave(send));
    turnVisibility('hidden');
    expect(send).toHaveBeenCalledTimes(1);
    turnVisibility('visible');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends when the page is left', () => {
    const send = jest.fn();
    renderHook(() => useSendOnLeave(send));
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends once more when the component unmounts, then no longer listens', () => {
    const send = jest.fn();
    const { unmount } = renderHook(() => useSendOnLeave(send));
    expect(send).not.toHaveBeenCalled();
    unmount();
    expect(send).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pagehide'));
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("sends with the latest render's function", () => {
    const first = jest.fn();
    const latest = jest.fn();
    const { rerender } = renderHook(({ send }) => useSendOnLeave(send), { initialProps: { send: first } });
    rerender({ send: latest });
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledTimes(1);
  });
});
