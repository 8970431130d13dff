import { useCallback, useEffect, useReducer, useRef } from 'react';
import { photoFileProblem, photoRules, tooManyPhotosMessage } from '../../../shared/photo-rules';
import { canReadPhoto, type PhotoReadability } from './prepare-photo';
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
      problems.push(problem);
    } else if (photos.some((photo) => sameFile(photo.file, file))) {
      problems.push(`${file.name}: This photo is already added`);
    } else if (photos.length >= photoRules.maxFiles) {
      overflow += 1;
    } else {
      photos.push({ id: nextId(), file });
    }
  }
  if (overflow > 0) {
    problems.push(`${tooManyPhotosMessage}, so ${overflow} ${overflow === 1 ? 'was' : 'were'} not added`);
  }
  return { photos, problems };
}

export type Readability = Readonly<Record<string, PhotoReadability>>;

type Selection = { photos: SelectedPhoto[]; problems: string[]; added: number; readability: Readability };
type Action =
  | { type: 'add'; files: readonly File[] }
  | { type: 'remove'; id: string }
  | { type: 'checked'; id: string; readable: boolean };

function reduce(state: Selection, action: Action): Selection {
  if (action.type === 'remove') {
    const { [action.id]: _removed, ...readability } = state.readability;
    return { ...state, photos: state.photos.filter((photo) => photo.id !== action.id), problems: [], readability };
  }
  if (action.type === 'checked') {
    if (!(action.id in state.readability)) return state; // removed while it was being checked
    return { ...state, readability: { ...state.readability, [action.id]: action.readable ? 'readable' : 'unreadable' } };
  }
  let added = state.added;
  const result = addPhotos(state.photos, action.files, () => `photo-${++added}`);
  const readability: Record<string, PhotoReadability> = { ...state.readability };
  for (const photo of result.photos) readability[photo.id] ??= 'checking';
  return { ...result, added, readability };
}

/**
 * The photos chosen in the wizard, why any file was refused at the last attempt, and whether
 * each chosen file is a photo this browser can read (checked as soon as it is added).
 */
export function usePhotoSelection() {
  const [{ photos, problems, readability }, dispatch] = useReducer(reduce, { photos: [], problems: [], added: 0, readability: {} });
  const add = useCallback((files: readonly File[]) => dispatch({ type: 'add', files }), []);
  const remove = useCallback((id: string) => dispatch({ type: 'remove', id }), []);

  const started = useRef(new Set<string>());
  useEffect(() => {
    for (const photo of photos) {
      if (readability[photo.id] !== 'checking' || started.current.has(photo.id)) continue;
      started.current.add(photo.id);
      void canReadPhoto(photo.file).then((readable) => dispatch({ type: 'checked', id: photo.id, readable }));
    }
  }, [photos, readability]);

  const unreadable = photos.filter((photo) => readability[photo.id] === 'unreadable').length;
  return { photos, problems, readability, unreadable, add, remove };
}
