import { MyRepairsPage } from '../../features/my-repairs/my-repairs-page';

const frame = 'mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14';

/** /my-repairs (issue 38 item 1, docs/decisions/0036): every enquiry made with the customer's e-mail. */
export default function MyRepairsRoute() {
  return (
    <div className={frame}>
      <MyRepairsPage />
    </div>
  );
}
