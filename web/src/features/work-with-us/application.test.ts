import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../lib/format';
import { applicationFailure, checkCv, CV_MAX_BYTES } from './application';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('checkCv', () => {
  it('accepts .pdf, .doc and .docx in any case, from 1 byte to exactly 5 MB', () => {
    for (const name of ['cv.pdf', 'cv.doc', 'cv.docx', 'CV.PDF', 'mi.cv.Docx']) expect(checkCv(file(name))).toBeNull();
    expect(checkCv(file('cv.pdf', CV_MAX_BYTES))).toBeNull();
  });

  it('refuses other names, a name without extension, an empty file, and anything over 5 MB', () => {
    expect(checkCv(null)).toBe('Adjunta tu currículum (PDF, DOC o DOCX)');
    for (const name of ['cv.txt', 'cv.pdf.exe', 'pdf', 'cv.', 'cv.odt']) {
      expect(checkCv(file(name))).toBe('El currículum debe ser un archivo PDF, DOC o DOCX');
    }
    expect(checkCv(file('cv.pdf', 0))).toBe('El archivo del currículum está vacío');
    expect(checkCv(file('cv.pdf', CV_MAX_BYTES + 1))).toBe('El currículum supera el tamaño máximo de 5 MB');
  });
});

describe('applicationFailure', () => {
  it('maps 413 to the CV field whatever the body, and an unknown server field to none', () => {
    expect(applicationFailure({ ok: false, status: 413, body: null })).toEqual({
      message: 'El currículum supera el tamaño máximo de 5 MB',
      field: 'cv',
    });
    expect(
      applicationFailure({ ok: false, status: 400, body: { success: false, error: 'Campo raro', field: 'otra_cosa' } }),
    ).toEqual({ message: 'Campo raro', field: null });
    expect(applicationFailure({ ok: false, status: 400, body: { success: false, field: 'consent' } })).toEqual({
      message: 'Error al enviar la candidatura. Por favor, inténtalo de nuevo.',
      field: 'consentContact',
    });
  });
});

describe('formatBytes', () => {
  it('writes sizes the Spanish way', () => {
    expect(formatBytes(200)).toBe('1 KB');
    expect(formatBytes(153_600)).toBe('150 KB');
    expect(formatBytes(2_400_000)).toBe('2,3 MB');
    expect(formatBytes(CV_MAX_BYTES)).toBe('5 MB');
  });
});
