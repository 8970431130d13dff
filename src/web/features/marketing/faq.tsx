import type { ReactNode } from 'react';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

// Native <details>: works before hydration, keyboard-operable, several may be open at once
// (SPEC's help accordion behaves the same way), and costs no JavaScript.
export function Faq({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="mt-8 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {items.map((item) => (
        <details key={item.question} className="group">
          <summary
            className={`flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-navy-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden`}
          >
            {item.question}
            <svg
              aria-hidden="true"
              focusable="false"
              viewBox="0 0 20 20"
              fill="currentColor"
              className="h-5 w-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
            >
              <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
            </svg>
          </summary>
          <div className="space-y-3 px-5 pb-5 leading-7 text-slate-700">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
