// Web component tests opt into jsdom with `// @vitest-environment jsdom` at the top of the file.
import '@testing-library/jest-dom/vitest';
