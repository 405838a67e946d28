// jsdom's File is not a Node Blob, so undici's FormData would drop it: use Node's own.
// eslint-disable-next-line @typescript-eslint/no-require-imports
globalThis.File = require('node:buffer').File;

// jsdom has no layout or scrolling; React Router's ScrollRestoration calls this on navigation.
window.scrollTo = () => undefined;
