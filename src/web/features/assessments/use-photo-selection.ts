import { useCallback, useReducer } from 'react';
import { photoFileProblem, photoRules, tooManyPhotosMessage } from '../../../shared/customer-details';
/** A photo the customer has chosen, before it is sent. */
export type SelectedPhoto = { id: string; file: File };

type AddResult = { photos: SelectedPhoto[]; problems: string[] };

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * SPEC section 5: files of the wrong type or size are refused with a reason, and only the
 * first 10 in total are kept ('Too many files' for the rest).
 */
export function addPhotos(current: readonly SelectedPhoto[], files: readonly File[], nextId: () => string): AddResult {
  const photos = [...current];
  const problems: string[] = [];
  let overflow = 0;
  for (const file of files) {
    const problem = photoFileProblem(file);
    if (problem) {
      problems.push(`${file.name}: ${problem}`);
    } else if (photos.some((photo) => sameFile(photo.file, file))) {
      problems.push(`${file.name}: This photo is already added`);
    } else if (photos.length >= photoRules.maxFiles) {
      overflow += 1;
    } else {
      photos.push({ id: nextId(), file });
    }
  }
  if (overflow > 0) {
    problems.push(`Too many files: ${tooManyPhotosMessage}, so ${overflow} ${overflow === 1 ? 'was' : 'were'} not added`);
  }
  return { photos, problems };
}

type Selection = { photos: SelectedPhoto[]; problems: string[]; added: number };
type Action = { type: 'add'; files: readonly File[] } | { type: 'remove'; id: string };

function reduce(state: Selection, action: Action): Selection {
  if (action.type === 'remove') {
    return { ...state, photos: state.photos.filter((photo) => photo.id !== action.id), problems: [] };
  }
  let added = state.added;
  const result = addPhotos(state.photos, action.files, () => `photo-${++added}`);
  return { ...result, added };
}

/** The photos chosen in the wizard, and why any file was refused at the last attempt. */
export function usePhotoSelection() {
  const [{ photos, problems }, dispatch] = useReducer(reduce, { photos: [], problems: [], added: 0 });
  const add = useCallback((files: readonly File[]) => dispatch({ type: 'add', files }), []);
  const remove = useCallback((id: string) => dispatch({ type: 'remove', id }), []);
  return { photos, problems, add, remove };
}
