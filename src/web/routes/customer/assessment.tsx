import type { ReactNode } from 'react';
import { AssessmentWizard } from '../../features/assessments/assessment-wizard';

/** The page around the wizard: its heading and introduction, and the wizard (`children`). */
export function AssessmentFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">Get a free quote</h1>
      <p className="mt-3 max-w-3xl text-lg leading-8 text-slate-700">
        Send us photos of the damage and a few details. There is no charge and no obligation.
      </p>
      <div className="mt-8">{children}</div>
    </div>
  );
}

export default function AssessmentPage() {
  return (
    <AssessmentFrame>
      <AssessmentWizard />
    </AssessmentFrame>
  );
}
