import { describe, expect, it } from 'vitest';
import {
  addPhotos,
  answerRequest,
  answerText,
  ANSWER_MESSAGES,
  CLAIM_MESSAGES,
  daysLeftText,
  deadlineTone,
  parseEuroCents,
  validateAnswer,
  validateClaim,
} from './claims';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

function file(name: string, type = 'image/png', size = 10): File {
  return new File([new Uint8Array(size)], name, { type });
}

describe('parseEuroCents', () => {
  it('reads the Spanish decimal comma into exact cents', () => {
    expect(parseEuroCents('40,50')).toBe(4050);
    expect(parseEuroCents('40,5')).toBe(4050);
    expect(parseEuroCents('120')).toBe(12000);
    expect(parseEuroCents('0,01')).toBe(1);
    expect(parseEuroCents(' 1.234,56 € ')).toBe(123456);
    expect(parseEuroCents('100.000')).toBe(10_000_000);
    // Amounts that are not exact in binary floating point stay exact.
    expect(parseEuroCents('0,29')).toBe(29);
    expect(parseEuroCents('1,15')).toBe(115);
    expect(parseEuroCents('4.35')).toBe(435);
  });

  it('reads a dot before one or two final digits as the decimal point', () => {
    expect(parseEuroCents('40.50')).toBe(4050);
    expect(parseEuroCents('40.5')).toBe(4050);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', ' ', 'abc', '40,505', '-5', '4,0,0', '1.23.4', '12,', ',5', '1e3', '40 50']) {
      expect(parseEuroCents(text), text).toBeNull();
    }
  });
});

describe('the answer form rules', () => {
  it('asks for a resolution first', () => {
    expect(validateAnswer({ resolucion: '', importe: '', motivo: '' })).toEqual({
      resolucion: ANSWER_MESSAGES.resolucion,
    });
  });

  it('wants an amount above 0 and at most 100.000 € when it pays back', () => {
    const accepted = (importe: string) => validateAnswer({ resolucion: 'aceptada', importe, motivo: '' });
    expect(accepted('')).toEqual({ importe: ANSWER_MESSAGES.importe });
    expect(accepted('cuarenta')).toEqual({ importe: ANSWER_MESSAGES.importeInvalid });
    expect(accepted('0,00')).toEqual({ importe: ANSWER_MESSAGES.importeZero });
    expect(accepted('100.000,01')).toEqual({ importe: ANSWER_MESSAGES.importeMax });
    expect(nbsp(ANSWER_MESSAGES.importeMax)).toBe('El importe no puede superar 100.000,00 €');
    expect(accepted('100.000')).toEqual({});
    // Accepted in full needs no reason.
    expect(accepted('120')).toEqual({});
  });

  it('wants a reason for a partial answer and a rejection, and no amount for a rejection', () => {
    expect(validateAnswer({ resolucion: 'parcial', importe: '40,50', motivo: '  ' })).toEqual({
      motivo: ANSWER_MESSAGES.motivo,
    });
    expect(validateAnswer({ resolucion: 'parcial', importe: '', motivo: '' })).toEqual({
      importe: ANSWER_MESSAGES.importe,
      motivo: ANSWER_MESSAGES.motivo,
    });
    expect(validateAnswer({ resolucion: 'rechazada', importe: '', motivo: '' })).toEqual({
      motivo: ANSWER_MESSAGES.motivo,
    });
    expect(validateAnswer({ resolucion: 'rechazada', importe: 'no leído', motivo: 'Ya estaba roto' })).toEqual({});
  });

  it('sends the amount in cents only when it pays back', () => {
    expect(answerRequest({ resolucion: 'parcial', importe: '40,50', motivo: ' La pata ya estaba rozada ' })).toEqual({
      resolucion: 'parcial',
      importe_cents: 4050,
      motivo: 'La pata ya estaba rozada',
    });
    expect(answerRequest({ resolucion: 'rechazada', importe: '40,50', motivo: 'Sin daños' })).toEqual({
      resolucion: 'rechazada',
      importe_cents: null,
      motivo: 'Sin daños',
    });
  });
});

describe('what the claim says', () => {
  it('tells the client what they get back, the staff what was decided', () => {
    const parcial = { resolucion: 'parcial', importe_cents: 4050 } as const;
    expect(nbsp(answerText({ resolucion: 'aceptada', importe_cents: 12000 }, 'cliente'))).toBe(
      'Aceptada: te abonaremos 120,00 €',
    );
    expect(nbsp(answerText(parcial, 'cliente'))).toBe('Aceptada en parte: te abonaremos 40,50 €');
    expect(nbsp(answerText(parcial, 'gestion'))).toBe('Aceptada en parte: 40,50 €');
    expect(answerText({ resolucion: 'rechazada', importe_cents: null }, 'cliente')).toBe('Rechazada');
  });

  it('counts the working days left, and warns as the deadline nears', () => {
    expect(daysLeftText({ dias_habiles_restantes: 11, vencido: false })).toBe('Quedan 11 días hábiles');
    expect(daysLeftText({ dias_habiles_restantes: 1, vencido: false })).toBe('Queda 1 día hábil');
    expect(daysLeftText({ dias_habiles_restantes: 0, vencido: false })).toBe('Hoy es el último día');
    expect(daysLeftText({ dias_habiles_restantes: -2, vencido: true })).toBe('Plazo vencido');
    expect(deadlineTone({ aviso: false, vencido: false })).toBe('neutral');
    expect(deadlineTone({ aviso: true, vencido: false })).toBe('warning');
    expect(deadlineTone({ aviso: true, vencido: true })).toBe('error');
  });
});

describe('the client form rules', () => {
  it('wants an object and a description', () => {
    expect(validateClaim({ objetos: [], texto: '  ', fotos: [] })).toEqual({
      objetos: CLAIM_MESSAGES.objetos,
      texto: CLAIM_MESSAGES.texto,
    });
    expect(validateClaim({ objetos: ['sofa'], texto: 'Llegó rajado', fotos: [] })).toEqual({});
  });

  it('takes up to 5 images of at most 10 MB, and says why one was left out', () => {
    const four = ['a', 'b', 'c', 'd'].map((n) => file(`${n}.png`));
    const added = addPhotos(four, [file('e.png'), file('f.png')]);
    expect(added.fotos.map((f) => f.name)).toEqual(['a.png', 'b.png', 'c.png', 'd.png', 'e.png']);
    expect(added.error).toBe(CLAIM_MESSAGES.tooManyPhotos);
    expect(addPhotos([], [file('cv.pdf', 'application/pdf')])).toEqual({ fotos: [], error: CLAIM_MESSAGES.notAnImage });
    expect(addPhotos([], [file('big.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1)]).error).toBe(CLAIM_MESSAGES.tooLarge);
    expect(addPhotos([], [file('ok.jpg', 'image/jpeg')])).toEqual({ fotos: [expect.any(File)], error: undefined });
  });
});
