// Screenshots of the dashboard's main screens, desktop and phone, into docs/screenshots/:
//   npm run screenshots
// A throw-away service on a fresh SQLite database, filled through the API with a small Czech
// rental shop; Debian's Chromium takes the pictures. Not part of the tests.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { startServer } from '../test/helpers/server.js';
import { DESKTOP, PHONE, launchBrowser, openDashboard } from '../test/admin/helpers/dashboard.js';

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
mkdirSync(OUT, { recursive: true });

const server = await startServer('sqlite');
const owner = await server.signUp({
  name: 'Půjčovna nářadí Brno',
  terms: [
    { id: 'denni', title: 'Denní pronájem', text: 'Vrácení do 24 hodin od převzetí.' },
    { id: 'vikend', title: 'Víkendový pronájem', text: 'Od pátku 16:00 do pondělí 9:00.' },
  ],
});
const api = async <T>(method: 'post' | 'patch', path: string, body: unknown): Promise<T> => {
  const res = await server.http[method]<T>(path, body, owner.token);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
};

const items: [string, string, number, boolean][] = [
  ['Vrtačka Bosch GSB 18V', 'Brno', 250, true],
  ['Sekačka Honda HRX 476', 'Brno', 450, true],
  ['Vibrační deska Wacker', 'Brno-Líšeň', 900, true],
  ['Stan party 6 × 12 m', 'Brno', 2500, false],
  ['Lešení pojízdné 6 m', 'Modřice', 600, true],
  ['Štěpkovač Scheppach', 'Brno', 1200, false],
  ['Tepovač Kärcher Puzzi', 'Brno-střed', 350, true],
  ['Míchačka 160 l', 'Modřice', 300, true],
];
let main = '';
for (const [name, location, price, published] of items) {
  const product = await api<{ doc: { id: string } }>('post', '/api/products', {
    basic: { product_name: name, location, product_desc: 'Včetně návodu a přepravního kufru.' },
    additional: { price, caution: price * 4, time_unit: 'day', selectedTerm: 'denni' },
    settings: { published },
  });
  main ||= product.doc.id;
}
const colours = [
  { r: 196, g: 72, b: 44 },
  { r: 44, g: 120, b: 196 },
  { r: 60, g: 150, b: 90 },
];
const images: string[] = [];
for (const [index, colour] of colours.entries()) {
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `vrtacka-${index + 1}.jpg`);
  form.append('alt', `Vrtačka, pohled ${index + 1}`);
  const res = await fetch(`${server.url}/api/rentMedia`, { method: 'POST', body: form, headers: { authorization: `Bearer ${owner.token}` } });
  images.push(((await res.json()) as { doc: { id: string } }).doc.id);
}
await api('patch', `/api/products/${main}`, { gallery: { images } });
const month = new Date().toISOString().slice(0, 7);
for (const [from, to, note] of [[`${month}-08`, `${month}-10`, 'Novák, stavba garáže'], [`${month}-18`, `${month}-19`, 'Firemní akce']]) {
  await api('post', `/api/products/${main}`, { action: 'reserve', from, to, note });
}
// Two customers' requests next month; the first confirmed, the second waiting in the inbox.
const now = new Date();
const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
const requests: string[] = [];
for (const [name, email, from, to, note] of [
  ['Jana Nováková', 'jana@example.cz', `${next}-03`, `${next}-05`, 'Vyzvednu v pátek ráno.'],
  ['Petr Svoboda', 'petr@example.cz', `${next}-12`, `${next}-13`, 'Potřebuji i vrtáky do betonu.'],
] as const) {
  const res = await server.http.post<{ doc: { id: string } }>('/api/bookings', { product: main, from, to, customer: { name, email, phone: '+420 777 123 456', note } });
  if (res.status !== 201) throw new Error(`post /api/bookings: ${res.status} ${res.text}`);
  requests.push(res.body.doc.id);
}
await api('post', `/api/bookings/${requests[0]}`, { action: 'confirm' });

const browser = await launchBrowser();
const shots: [string, string][] = [
  ['overview', '/admin'],
  ['products', '/admin/products'],
  ['product-editor', `/admin/products/${main}`],
  ['gallery', `/admin/products/${main}/gallery`],
  ['calendar', `/admin/products/${main}/calendar`],
  ['bookings', '/admin/bookings'],
  ['booking', `/admin/bookings/${requests[0]}`],
  ['calendars', '/admin/calendars'],
  ['webhooks', '/admin/webhooks'],
  ['account', '/admin/account'],
];
try {
  for (const [device, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    const { page, context } = await openDashboard(browser, { viewport, locale: 'cs-CZ' });
    await page.goto(`${server.url}/admin/sign-in`);
    await page.locator('main h1').waitFor();
    await page.screenshot({ path: `${OUT}sign-in-${device}.png` });
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Heslo').fill(owner.password);
    await page.getByRole('button', { name: 'Přihlásit se' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/admin/sign-in'));
    for (const [name, path] of shots) {
      await page.goto(`${server.url}${path}`);
      await page.locator('main h1').waitFor();
      // Not 'networkidle': the live stream (an EventSource) keeps a request open on every signed-in page.
      await page.waitForFunction(() => !document.querySelector('.loading') && [...document.images].every((image) => image.complete));
      await page.screenshot({ path: `${OUT}${name}-${device}.png`, fullPage: device === 'phone' || name === 'product-editor' });
    }
    await context.close();
  }
  console.log(`Screenshots in ${OUT}`);
} finally {
  await browser.close();
  await server.close();
}
