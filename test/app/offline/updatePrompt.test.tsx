/**
 * The registration of the service worker (src/offline/registerWorker.tsx) with a fake Workbox: a
 * new version is offered with 'Reload' and never takes over by itself.
 */
import { act, screen } from '@testing-library/react';
import type { WorkboxEventMap } from 'workbox-window';
import { registerWorker, type WorkerRegistrar } from '@/offline/registerWorker';
import { renderWithProviders } from '@test/render';

/** workbox-window's Workbox as the page sees it: events the test fires, and what the page asked. */
class FakeWorkbox {
  readonly register = jest.fn(async () => undefined);
  readonly messageSkipWaiting = jest.fn();
  private readonly listeners = new Map<string, ((event: never) => void)[]>();

  addEventListener(type: keyof WorkboxEventMap, listener: (event: never) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  fire(type: 'waiting' | 'controlling', event: Partial<WorkboxEventMap[typeof type]> = {}) {
    act(() => this.listeners.get(type)?.forEach((listener) => listener({ type, ...event } as never)));
  }
}

async function start() {
  const { user } = renderWithProviders(<p>A page</p>);
  const workbox = new FakeWorkbox();
  const reload = jest.fn();
  await act(() => registerWorker({ workbox: workbox as unknown as WorkerRegistrar, reload }));
  return { user, workbox, reload };
}

describe('a new version of the app', () => {
  it("waits until the reader chooses 'Reload', then reloads once it is in charge", async () => {
    const { user, workbox, reload } = await start();
    expect(workbox.register).toHaveBeenCalled();

    workbox.fire('waiting');

    expect(await screen.findByText('A new version is available')).toBeInTheDocument();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Reload' }));

    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    workbox.fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads at once when another tab's 'Reload' already put the new version in charge", async () => {
    const { user, workbox, reload } = await start();
    workbox.fire('waiting');
    workbox.fire('controlling', { isUpdate: true, isExternal: true });
    expect(reload).not.toHaveBeenCalled();

    await user.click(await screen.findByRole('button', { name: 'Reload' }));

    expect(reload).toHaveBeenCalledTimes(1);
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('says nothing when the first version takes charge', async () => {
    const { workbox, reload } = await start();
    workbox.fire('controlling', { isUpdate: false });
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument();
  });
});
