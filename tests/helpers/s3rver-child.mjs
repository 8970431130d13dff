// s3rver in a process of its own (tests/helpers/s3.ts starts it). Its ListObjectsV2
// continuation tokens use DES, which Node 20's OpenSSL 3 offers only with
// --openssl-legacy-provider: a flag for this stand-in's process, never for the tests or the app.
// Usage: node --openssl-legacy-provider s3rver-child.mjs DIRECTORY [BUCKET...]
// Prints {"port":N} once listening; exits when its parent goes (stdin closes) or on SIGTERM.
import S3rver from 's3rver';

const [directory, ...buckets] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: buckets.map((name) => ({ name })) });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
const stop = () => server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
