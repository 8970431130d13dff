// heic-decode 2.1.0 ships no types; this covers the part heic-worker.ts uses.
declare module 'heic-decode' {
  interface DecodedHeicImage {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  interface HeicImageHandle {
    width: number;
    height: number;
    decode(): Promise<DecodedHeicImage>;
  }
  type HeicImageList = HeicImageHandle[] & { dispose(): void };
  interface HeicDecode {
    (options: { buffer: Uint8Array | ArrayBuffer }): Promise<DecodedHeicImage>;
    all(options: { buffer: Uint8Array | ArrayBuffer }): Promise<HeicImageList>;
  }
  const decode: HeicDecode;
  export default decode;
}
