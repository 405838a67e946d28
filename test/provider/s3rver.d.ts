/** The part of s3rver 3 (a local S3-compatible server, no types of its own) the suites use. */
declare module 's3rver' {
  import { type AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    /** 0: a free port. */
    port?: number;
    /** Where buckets and objects are kept. */
    directory: string;
    /** No request log on the console. */
    silent?: boolean;
    /** Empties `directory` on close. */
    resetOnClose?: boolean;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
