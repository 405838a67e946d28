/** Images imported as modules: webpack emits the file and the import is its URL. */
declare module '*.svg' {
  const url: string;
  export default url;
}

/** A small SVG imported with `?inline`: its data URL, painted with the HTML, no request. */
declare module '*.svg?inline' {
  const dataUrl: string;
  export default dataUrl;
}
