/** Barcode formats by their Barcode Detection API names. */
export type CodeFormat = 'qr_code' | 'data_matrix' | 'code_128' | 'ean_13';

/** Page -> worker. */
export type DecoderRequest =
  { type: 'init'; formats: CodeFormat[] } | { type: 'frame'; id: number; bitmap: ImageBitmap };

/** One code found in a frame. */
export interface DecodedCode {
  text: string;
  format: string;
}

/** Worker -> page: the engine it runs (once), and each frame's codes with the decode time, ms. */
export type DecoderResponse =
  | { type: 'ready'; engine: 'native' | 'polyfill' }
  | { type: 'result'; id: number; codes: DecodedCode[]; ms: number }
  | { type: 'error'; id: number | null; message: string };
