import type { CodeFormat } from '../../ui/scanner/decoder';

/** Club codes are QR or DataMatrix; product barcodes are read too, to say they are not club codes. */
export const SCAN_FORMATS: CodeFormat[] = ['qr_code', 'data_matrix', 'ean_13', 'code_128'];
