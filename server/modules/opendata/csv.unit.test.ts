import { describe, expect, it } from 'vitest';
import { attachment, csvField, csvRecord } from './csv.js';

describe('csv', () => {
  it('quotes a field holding a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(csvField('Chez "Marco", Paris')).toBe('"Chez ""Marco"", Paris"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('plain')).toBe('plain');
  });

  it('neutralizes a text a spreadsheet would run as a formula, and leaves numbers alone', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField('+33')).toBe("'+33");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField(-1)).toBe('-1');
    expect(csvField(2.25)).toBe('2.25');
  });

  it('writes empty cells for null, and flags as true and false', () => {
    expect(csvRecord([null, undefined, true, false, 0])).toBe(',,true,false,0\r\n');
  });

  it('keeps a file name ASCII and free of quotes', () => {
    expect(attachment('podium "x"é.csv')).toBe('attachment; filename="podium__x__.csv"');
  });
});
