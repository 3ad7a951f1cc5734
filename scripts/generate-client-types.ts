import { writeFileSync } from 'node:fs';
import { generateClientTypes } from './openapi-document.js';

const target = new URL('../src/client/schema.d.ts', import.meta.url);
writeFileSync(target, await generateClientTypes());
console.log(`Wrote ${target.pathname}`);
