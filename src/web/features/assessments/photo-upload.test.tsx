// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { photoTooLargeMessage, photoTypeMessage, tooManyPhotosMessage } from '../../../shared/customer-details';
import { PhotoUpload } from './photo-upload';
import { looksLikeHeic } from './prepare-photo';
import { usePhotoSelection } from './use-photo-selection';

function Harness() {
  const selection = usePhotoSelection();
  return (
    <PhotoUpload photos={selection.photos} problems={selection.problems} onAdd={selection.add} onRemove={selection.remove} readability={selection.readability} />
  );
}

function photo(name: string, type = 'image/jpeg', size = 2048): File {
  const file = new File([new Uint8Array(8)], name, { type, lastModified: 1_700_000_000_000 });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** The start of a real HEIC file: an ftyp box with the given major brand and mif1/heic compatible brands. */
function heicBytes(brand = 'heic'): Uint8Array {
  const text = `\0\0\0\x18ftyp${brand}\0\0\0\0mif1heic`;
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}
function heic(name: string, bytes = heicBytes(), type = 'image/heic'): File {
  return new File([bytes as BlobPart], name, { type, lastModified: 1_700_000_000_000 });
}

const picker = () => screen.getByLabelText(/Choose photos|Add more photos/) as HTMLInputElement;
const choose = (...files: File[]) => fireEvent.change(picker(), { target: { files } });
const dropZone = () => screen.getByRole('group', { name: 'Add photos' });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('photo upload widget', () => {
  it('offers a keyboard-reachable file picker for JPEG, PNG, WebP and HEIC, with SPEC’s text and a counter', () => {
    render(<Harness />);
    const input = picker();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('multiple');
    expect(input.accept).toBe('image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif');
    expect(screen.getByText('Support: JPG, PNG, WebP, HEIC up to 10MB each')).toBeInTheDocument();
    expect(screen.getByText('0/10 files selected')).toBeInTheDocument();
  });

  it('counts chosen photos, previews them, and shows HEIC as a named tile', () => {
    render(<Harness />);
    choose(photo('front.jpg'), heic('side.heic', heicBytes(), ''));
    expect(screen.getByText('2/10 files selected')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Chosen photos' });
    expect(within(list).getByRole('img', { name: 'Preview of photo 1' })).toHaveAttribute('src', 'blob:preview');
    expect(within(list).queryByRole('img', { name: 'Preview of photo 2' })).not.toBeInTheDocument();
    expect(within(list).getByText('HEIC photo')).toBeInTheDocument();
    expect(within(list).getByText('side.heic')).toBeInTheDocument();
  });

  it('refuses files of the wrong type, too large or empty, with SPEC’s reasons', () => {
    render(<Harness />);
    choose(photo('notes.pdf', 'application/pdf'), photo('huge.jpg', 'image/jpeg', 11 * 1024 * 1024), photo('empty.png', 'image/png', 0), photo('ok.png', 'image/png'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`notes.pdf: ${photoTypeMessage}`);
    expect(alert).toHaveTextContent('huge.jpg is larger than 10 MB. Please choose a smaller photo');
    expect(alert).not.toHaveTextContent(photoTooLargeMessage);
    expect(alert).toHaveTextContent('empty.png: File is smaller than 1 byte: this file is empty');
    expect(screen.getByText('1/10 files selected')).toBeInTheDocument();
  });

  it('keeps only the first 10 in total, says Too many files, and disables the drop zone at 10', () => {
    render(<Harness />);
    choose(...Array.from({ length: 7 }, (_, i) => photo(`a${i}.jpg`)));
    choose(...Array.from({ length: 5 }, (_, i) => photo(`b${i}.jpg`)));
    expect(screen.getByText('10/10 files selected')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(`${tooManyPhotosMessage}, so 2 were not added`);
    expect(screen.getByRole('button', { name: 'Remove photo 10: b2.jpg' })).toBeInTheDocument();
    expect(screen.queryByText('b3.jpg')).not.toBeInTheDocument();
    expect(picker()).toBeDisabled();
    expect(dropZone()).toHaveAttribute('data-disabled', 'true');

    fireEvent.drop(dropZone(), { dataTransfer: { files: [photo('late.jpg')], types: ['Files'] } });
    expect(screen.getByText('10/10 files selected')).toBeInTheDocument();
  });

  it('removes a photo by its named remove button and re-enables the picker', () => {
    render(<Harness />);
    choose(...Array.from({ length: 10 }, (_, i) => photo(`p${i}.jpg`)));
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1: p0.jpg' }));
    expect(screen.getByText('9/10 files selected')).toBeInTheDocument();
    expect(screen.queryByText('p0.jpg')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove photo 1: p1.jpg' })).toBeInTheDocument();
    expect(picker()).toBeEnabled();
    expect(URL.revokeObjectURL).toHaveBeenCalled();
  });

  it('highlights the drop zone while a drag is active and adds dropped files', () => {
    render(<Harness />);
    const zone = dropZone();
    fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'], files: [] } });
    expect(zone).toHaveAttribute('data-drag-active', 'true');
    fireEvent.dragLeave(zone, { dataTransfer: { types: ['Files'], files: [] } });
    expect(zone).not.toHaveAttribute('data-drag-active');
    fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'], files: [] } });
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [photo('dropped.webp', 'image/webp')] } });
    expect(zone).not.toHaveAttribute('data-drag-active');
    expect(screen.getByText('1/10 files selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove photo 1: dropped.webp' })).toBeInTheDocument();
  });

  it("flags a file the browser cannot decode on its tile at once, and sniffs HEIC's bytes instead of decoding it", async () => {
    const decode = vi.fn(async (file: File) => {
      if (file.name === 'broken.jpg') throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
      return { width: 800, height: 600, close: () => undefined };
    });
    vi.stubGlobal('createImageBitmap', decode);
    render(<Harness />);
    choose(photo('good.jpg'), photo('broken.jpg'), heic('iphone.heic'), heic('fake.heic', new Uint8Array(64).fill(7)));

    const list = screen.getByRole('list', { name: 'Chosen photos' });
    const tile = (name: string) => within(list).getByText(name).closest('li')!;
    await waitFor(() => expect(tile('broken.jpg')).toHaveTextContent("This file isn't a photo we can read"));
    await waitFor(() => expect(tile('fake.heic')).toHaveTextContent("This file isn't a photo we can read"));
    expect(tile('good.jpg')).not.toHaveTextContent("can't read");
    expect(tile('good.jpg')).not.toHaveTextContent("isn't a photo");
    expect(tile('iphone.heic')).not.toHaveTextContent("isn't a photo");
    expect(screen.getByRole('button', { name: 'Remove photo 2: broken.jpg' })).toHaveAccessibleDescription(/This file isn't a photo we can read/);
    // HEIC is never decoded here (most browsers cannot): only the others were.
    expect(decode.mock.calls.map(([file]) => (file as File).name).sort()).toEqual(['broken.jpg', 'good.jpg']);
  });

  it('recognises HEIC and HEIF by their ftyp brand, major or compatible', () => {
    expect(looksLikeHeic(heicBytes('heic'))).toBe(true);
    expect(looksLikeHeic(heicBytes('mif1'))).toBe(true);
    expect(looksLikeHeic(heicBytes('heif'))).toBe(true);
    // An MP4 whose compatible brands are not HEIF's, and a JPEG renamed .heic.
    expect(looksLikeHeic(Uint8Array.from('\0\0\0\x18ftypisom\0\0\0\0isomavc1', (c) => c.charCodeAt(0)))).toBe(false);
    expect(looksLikeHeic(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]))).toBe(false);
  });
});
