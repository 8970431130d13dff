// Placeholder until the public-site issue fills it in.
export default function Page() {
  return <h1 className="text-2xl font-bold">privacy-policy</h1>;
}
