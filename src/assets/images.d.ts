/** Images imported as modules: webpack emits the file and the import is its URL. */
declare module '*.svg' {
  const url: string;
  export default url;
}
