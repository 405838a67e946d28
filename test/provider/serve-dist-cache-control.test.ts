/** How long browsers may keep each file of the build (scripts/serve-dist.ts `cacheControlOf`). */
import { cacheControlOf } from '../../scripts/serve-dist';

const yearLong = 'public, max-age=31536000, immutable';

describe('the Cache-Control of the build files', () => {
  it('keeps hashed scripts and images a year, with their compressed copies', () => {
    expect(cacheControlOf('/srv/dist/js/main.0123456789.js')).toBe(yearLong);
    expect(cacheControlOf('/srv/dist/js/student.0123456789.chunk.js.br')).toBe(yearLong);
    expect(cacheControlOf('/srv/dist/assets/hero.abcdef0123.webp')).toBe(yearLong);
  });

  it('revalidates the pages, the service worker and the web app manifest, which keep their names across deployments', () => {
    for (const file of ['index.html', 'pages/about.html.gz', 'sw.js', 'sw.js.br', 'manifest.webmanifest', 'manifest.webmanifest.gz']) {
      expect(cacheControlOf(`/srv/dist/${file}`)).toBe('no-cache');
    }
  });

  it('keeps other unhashed files an hour (the icons, the favicon)', () => {
    expect(cacheControlOf('/srv/dist/icons/icon-192.png')).toBe('public, max-age=3600');
    expect(cacheControlOf('/srv/dist/favicon.svg')).toBe('public, max-age=3600');
    expect(cacheControlOf('/srv/dist/sw.js.map')).toBe('public, max-age=3600');
  });
});
