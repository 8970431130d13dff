// Web component tests opt into jsdom with `// @vitest-environment jsdom` at the top of the file.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// npm test runs unit tests beside the type check and other test files, on machines that may be
// busy: findBy*/waitFor wait up to 5 s (not 1 s) for what they expect, so a slow render is not
// a failure; a right one still passes as soon as it appears, and a wrong one still fails.
configure({ asyncUtilTimeout: 5_000 });
