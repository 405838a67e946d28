import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { RouteErrorPage } from '@/app/RouteErrorPage';
import { makeStore } from '@/app/store';

function chunkLoadError(chunkId: string) {
  const error = new Error(`Loading chunk ${chunkId} failed.\n(timeout: http://localhost/js/${chunkId}.chunk.js)`);
  error.name = 'ChunkLoadError';
  return error;
}

function renderFailingRoute(route: Parameters<typeof createMemoryRouter>[0][number]) {
  const router = createMemoryRouter([{ path: '/', errorElement: <RouteErrorPage />, ...route }]);
  render(
    <AppProviders store={makeStore()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('route errors', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("shows 'Unexpected Application Error!' with the error's text when a screen throws", async () => {
    function Broken(): never {
      throw new Error('Cannot read the course');
    }
    renderFailingRoute({ Component: Broken });
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Cannot read the course')).toBeInTheDocument();
  });

  it("shows 'Loading chunk {id} failed' with a reload button when a script chunk does not load", async () => {
    renderFailingRoute({
      lazy: async () => {
        throw chunkLoadError('student');
      },
    });
    expect(await screen.findByRole('heading', { name: 'Loading chunk student failed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
  });
});
