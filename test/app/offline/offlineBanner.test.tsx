/** The offline banner (src/offline/OfflineBanner.tsx) in the app's frame. */
import { act, screen } from '@testing-library/react';
import { renderApp } from '@test/render';

function goOffline(offline: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => jest.restoreAllMocks());

describe('the offline banner', () => {
  it('says the app shows what was saved while there is no connection, and goes when it is back', async () => {
    renderApp({ route: '/about' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    // The region is there, empty, so that its text is announced when it comes.
    expect(screen.getByRole('status', { name: 'Connection' })).toBeEmptyDOMElement();

    goOffline(true);
    expect(screen.getByRole('status', { name: 'Connection' })).toHaveTextContent('You are offline. Showing what was saved on this device.');

    goOffline(false);
    expect(screen.getByRole('status', { name: 'Connection' })).toBeEmptyDOMElement();
  });

  it('is there from the start when the app opens offline', async () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp({ route: '/about' });
    expect(await screen.findByRole('status', { name: 'Connection' })).toHaveTextContent('You are offline. Showing what was saved on this device.');
  });
});
