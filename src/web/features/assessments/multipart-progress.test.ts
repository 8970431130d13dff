import { describe, expect, it } from 'vitest';
import { fileFractions, multipartLayout } from './multipart-progress';

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i <= haystack.length - needle.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

describe('multipart progress', () => {
  it('places each file where a real multipart body has it, to within a few bytes once scaled', async () => {
    const fields: Array<[string, string]> = [['name', 'Priya Shah'], ['damageLocations', 'bonnet'], ['damageLocations', 'roof']];
    const contents = [new Uint8Array(3000).fill(65), new Uint8Array(5000).fill(66)];
    const files = contents.map((bytes, i) => new File([bytes], `photo-${i}.jpg`, { type: 'image/jpeg' }));
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    for (const file of files) form.append('images', file);
    const body = new Uint8Array(await new Response(form).arrayBuffer());

    const layout = multipartLayout(fields, 'images', files);
    const scale = body.length / layout.total;
    layout.ranges.forEach((range, i) => {
      const actual = indexOf(body, contents[i]!.subarray(0, 16));
      expect(Math.abs(range.start * scale - actual)).toBeLessThan(40);
    });
  });

  it('reports each file from none to all as the bytes go', () => {
    const layout = { ranges: [{ start: 100, end: 200 }, { start: 300, end: 500 }], total: 600 };
    expect(fileFractions(layout, 0, 600)).toEqual([0, 0]);
    expect(fileFractions(layout, 150, 600)).toEqual([0.5, 0]);
    expect(fileFractions(layout, 400, 600)).toEqual([1, 0.5]);
    expect(fileFractions(layout, 600, 600)).toEqual([1, 1]);
    // The real body is twice the estimate: positions scale with it.
    expect(fileFractions(layout, 300, 1200)).toEqual([0.5, 0]);
  });
});
