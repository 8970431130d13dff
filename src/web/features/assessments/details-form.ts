import type { UseFormReturn } from 'react-hook-form';
import type { CustomerDetails } from '../../../shared/customer-details';
import type { DetailsFormValues } from './saved-details';

/** The wizard's details form, as each of its parts (fields, vehicle look-up, error summary) is handed it. */
export type DetailsForm = UseFormReturn<DetailsFormValues, unknown, CustomerDetails>;
