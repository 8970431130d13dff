import { useEffect, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import type { CustomerDetails } from '../../../shared/customer-details';
import type * as DetailsSchema from './details-schema';
import type { DetailsFormValues } from './saved-details';

// Issue 36: the details' schema brings zod and libphonenumber's metadata (about 50 KiB gzipped)
// that the wizard's first step, photos, does not need. The step loads without them; they are
// fetched when the details step first shows (or the first check asks for them).

type DetailsSchemaModule = typeof DetailsSchema;

let loading: Promise<DetailsSchemaModule> | undefined;
let loaded: DetailsSchemaModule | undefined;

export function loadDetailsCheck(): Promise<DetailsSchemaModule> {
  loading ??= import('./details-schema').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined; // a later check tries again
      throw error;
    },
  );
  return loading;
}

/** The wizard's resolver: the shared schema's, once fetched. */
export const detailsResolver: Resolver<DetailsFormValues, unknown, CustomerDetails> = async (values, context, options) =>
  (await loadDetailsCheck()).detailsResolver(values, context, options);

/** The check, when fetched (it is by the time step 2 has passed), fetching it otherwise. */
export function useDetailsCheck(): DetailsSchemaModule | undefined {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module) return;
    let current = true;
    loadDetailsCheck().then(
      (ready) => current && setModule(ready),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [module]);
  return module;
}
