import { useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { emailSourceLabels, emailSources } from '../../../../shared/api/outreach';
import type { NetworkFilters } from './network-api';

export const noFilters: NetworkFilters = { search: '', verified: '', hasEmail: '', hasAccount: '', emailSource: '', imported: '', introduced: '' };
const selectClass = 'min-h-11 rounded-md border border-slate-400 bg-white px-2';

function Choice({ label, value, onChange, options }: { label: string; value: string; onChange: (event: ChangeEvent<HTMLSelectElement>) => void; options: [string, string][] }) {
  return (
    <label className="grid gap-1 text-sm font-semibold">
      {label}
      <select className={`${selectClass} font-normal`} value={value} onChange={onChange}>
        <option value="">All</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The Network tab's search and filters (issues 12 and 13): name, town or postcode, and seven choices. */
export function NetworkFiltersForm({ value, onChange }: { value: NetworkFilters; onChange: (filters: NetworkFilters) => void }) {
  const [search, setSearch] = useState(value.search);
  const choose = (name: keyof NetworkFilters) => (event: ChangeEvent<HTMLSelectElement>) => onChange({ ...value, [name]: event.target.value });
  return (
    <form
      role="search"
      aria-label="Find repairers"
      className="mt-3 flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...value, search });
      }}
    >
      <label className="grid gap-1 text-sm font-semibold">
        Name, town or postcode
        <input className={`${selectClass} font-normal`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </label>
      <Button type="submit" variant="outline" size="sm">
        Search
      </Button>
      <Choice label="Verification" value={value.verified} onChange={choose('verified')} options={[['true', 'Verified'], ['false', 'Pending Verification']]} />
      <Choice label="E-mail" value={value.hasEmail} onChange={choose('hasEmail')} options={[['true', 'Has an e-mail'], ['false', 'No e-mail']]} />
      <Choice label="E-mail source" value={value.emailSource} onChange={choose('emailSource')} options={emailSources.map((source) => [source, emailSourceLabels[source]])} />
      <Choice label="Account" value={value.hasAccount} onChange={choose('hasAccount')} options={[['true', 'Has an account'], ['false', 'No account']]} />
      <Choice label="Imported" value={value.imported} onChange={choose('imported')} options={[['true', 'From Google Places'], ['false', 'Not imported']]} />
      <Choice label="Introduction" value={value.introduced} onChange={choose('introduced')} options={[['true', 'Introduced'], ['false', 'Not introduced']]} />
    </form>
  );
}
