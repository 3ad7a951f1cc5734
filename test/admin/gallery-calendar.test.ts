import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { startServer, type TestServer } from '../helpers/server.js';
import { PHONE, assertAccessible, assertNoProblems, launchBrowser, openDashboard, signIn, type DashboardPage } from './helpers/dashboard.js';

type Image = { id: string; alt?: string; filename: string };
type Product = { id: string; gallery: { images: Image[] }; availability: { reservationDates: { id: string; from: string; to: string; note?: string }[] } };

const MAX_FILE_SIZE = 200_000;

const png = (width: number, height: number, colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
/** Random pixels barely compress: a PNG of about width × height × 3 bytes. */
const noise = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();

describe('dashboard: gallery and calendar (sqlite)', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: { id: string; token: string; email: string; password: string };
  let dashboard: DashboardPage;
  let page: Page;
  let productId: string;

  const product = async () => (await server.http.get<Product>(`/api/products/${productId}`, owner.token)).body;

  before(async () => {
    server = await startServer('sqlite', (config) => {
      config.media.maxFileSize = MAX_FILE_SIZE;
    });
    owner = await server.signUp({ name: 'Půjčovna Brno' });
    productId = (await server.http.post<{ doc: { id: string } }>('/api/products', { basic: { product_name: 'Stan pro 4' } }, owner.token)).body.doc.id;
    browser = await launchBrowser();
    dashboard = await openDashboard(browser);
    page = dashboard.page;
    await signIn(page, server.url, owner.email, owner.password);
  });
  after(async () => {
    await browser?.close();
    await server.close();
  });

  it('uploads several images at once, with progress, and adds them to the gallery in order', async () => {
    await page.goto(`${server.url}/admin/products/${productId}/gallery`);
    await page.getByText('No images yet.').waitFor();
    await assertAccessible(page, 'gallery, empty');
    // Slow uploads down so that their progress can be seen.
    const cdp = await dashboard.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 60_000 });
    const files = [
      { name: 'red.png', mimeType: 'image/png', buffer: await png(64, 48, { r: 200, g: 0, b: 0 }) },
      { name: 'big-green.png', mimeType: 'image/png', buffer: await noise(200, 180) },
      { name: 'blue.png', mimeType: 'image/png', buffer: await png(48, 64, { r: 0, g: 0, b: 200 }) },
    ];
    assert.ok((files[1]?.buffer.length ?? 0) > 90_000 && (files[1]?.buffer.length ?? 0) < MAX_FILE_SIZE);
    await page.getByLabel('choose files').setInputFiles(files);
    await page.waitForFunction(() => [...document.querySelectorAll('progress')].some((bar) => bar.value > 0 && bar.value < 1), undefined, { polling: 20 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.locator('ol.images li').nth(2).waitFor();
    for (const name of ['red.png', 'big-green.png', 'blue.png']) await page.getByText(`${name} uploaded.`).waitFor();
    const stored = await product();
    const filenames = stored.gallery.images.map((image) => image.filename);
    assert.equal(filenames.length, 3);
    ['red', 'big-green', 'blue'].forEach((base, index) => assert.ok(filenames[index]?.startsWith(base), `${filenames[index]} is ${base}`));
    // Thumbnails, not the full images.
    await page.waitForFunction(() => [...document.querySelectorAll('ol.images img')].every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));
    await assertAccessible(page, 'gallery');
    assertNoProblems(dashboard, 'upload');
  });

  it('takes images dropped on it', async () => {
    const bytes = [...(await png(32, 32, { r: 255, g: 200, b: 0 }))];
    const transfer = await page.evaluateHandle((data) => {
      const dataTransfer = new DataTransfer();
      dataTransfer.items.add(new File([new Uint8Array(data)], 'dropped.png', { type: 'image/png' }));
      return dataTransfer;
    }, bytes);
    await page.dispatchEvent('.dropzone', 'dragover', { dataTransfer: transfer });
    await page.dispatchEvent('.dropzone', 'drop', { dataTransfer: transfer });
    await page.getByText('dropped.png uploaded.').waitFor();
    await page.locator('ol.images li').nth(3).waitFor();
    assert.equal((await product()).gallery.images.length, 4);
  });

  it('says in words why a file was refused: too large (413), not an image (415)', async () => {
    await page.getByLabel('choose files').setInputFiles([
      { name: 'huge.png', mimeType: 'image/png', buffer: await noise(300, 300) },
      { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('these are not the pixels you are looking for') },
    ]);
    await page.getByRole('alert').filter({ hasText: 'huge.png is too large for the service.' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'notes.png is not an image the service accepts' }).waitFor();
    assert.equal((await product()).gallery.images.length, 4, 'nothing added');
  });

  it('reorders, describes and removes images', async () => {
    const before = (await product()).gallery.images.map((image) => image.id);
    await page.getByRole('button', { name: 'Move image 1 later' }).click();
    await page.getByRole('status').filter({ hasText: 'Order saved.' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id.startsWith('move-down-'));
    let ids = (await product()).gallery.images.map((image) => image.id);
    assert.deepEqual(ids, [before[1], before[0], before[2], before[3]]);
    // The focus stays on the moved image's button: Enter moves it on.
    await page.keyboard.press('Enter');
    await page.waitForFunction((moved) => document.querySelectorAll('ol.images li')[2]?.querySelector(`#alt-${moved}`) !== null, before[0]);
    ids = (await product()).gallery.images.map((image) => image.id);
    assert.deepEqual(ids, [before[1], before[2], before[0], before[3]]);

    await page.getByLabel('Description of image 1 (alt text)').fill('Stan postavený na louce');
    await page.getByRole('button', { name: 'Save description' }).first().click();
    await page.getByRole('status').filter({ hasText: 'Description saved.' }).waitFor();
    const first = (await product()).gallery.images[0] as Image;
    assert.equal(first.alt, 'Stan postavený na louce');
    assert.equal(await page.getByRole('img', { name: 'Stan postavený na louce' }).count(), 1);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Remove image 4' }).click();
    await page.getByRole('status').filter({ hasText: 'Image removed.' }).waitFor();
    ids = (await product()).gallery.images.map((image) => image.id);
    assert.equal(ids.length, 3);
    assert.ok(!ids.includes(before[3] as string));
    assert.equal((await server.http.get(`/api/rentMedia/${before[3]}`)).status, 404, 'the file went too, as no other gallery used it');
    assertNoProblems(dashboard, 'gallery');
  });

  it('keeps an image object stored inline (SPEC 2) as it is: uploads beside it, describes and removes it', async () => {
    const inline = { id: 'ext-img-1', alt: 'Staré', filename: 'legacy.jpg', mimeType: 'image/jpeg', url: '/api/rentMedia/file/legacy.jpg', width: 800, height: 600 };
    const created = await server.http.post('/api/products/gal-inline', { basic: { product_name: 'Inline' }, gallery: { images: [inline] } }, owner.token);
    assert.equal(created.status, 201, created.text);
    const stored = async () => (await server.http.get<Product>('/api/products/gal-inline?depth=0', owner.token)).body.gallery.images as unknown[];
    await page.goto(`${server.url}/admin/products/gal-inline/gallery`);
    await page.getByLabel('choose files').setInputFiles([{ name: 'beside.png', mimeType: 'image/png', buffer: await png(20, 20, { r: 9, g: 9, b: 9 }) }]);
    await page.waitForFunction(() => document.querySelectorAll('ol.images li').length === 2);
    let images = await stored();
    assert.equal(images.length, 2);
    assert.deepEqual(images[0], inline, 'the inline object is written back whole');
    assert.equal(typeof images[1], 'string', 'the upload is a media reference');

    await page.getByLabel('Description of image 1 (alt text)').fill('Nové');
    await page.getByRole('button', { name: 'Save description' }).first().click();
    await page.getByRole('status').filter({ hasText: 'Description saved.' }).waitFor();
    assert.deepEqual((await stored())[0], { ...inline, alt: 'Nové' });

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Remove image 1' }).click();
    await page.getByRole('status').filter({ hasText: 'Image removed.' }).waitFor();
    images = await stored();
    assert.equal(images.length, 1);
    assert.equal(typeof images[0], 'string');
    assert.equal(await page.getByRole('alert').count(), 0, 'no error shown');
    assertNoProblems(dashboard, 'gallery with an inline image');
  });

  it('reserves days chosen in the month, refuses an overlap in words, and releases', async () => {
    await page.goto(`${server.url}/admin/products/${productId}/calendar?month=2027-05`);
    await page.getByRole('heading', { name: 'May 2027' }).waitFor();
    await assertAccessible(page, 'calendar');
    await page.locator('[data-day="2027-05-10"]').click();
    await page.locator('[data-day="2027-05-12"]').click();
    await page.getByText('Selected: May 10, 2027 – May 12, 2027').waitFor();
    assert.equal(await page.locator('[data-day="2027-05-11"]').getAttribute('aria-pressed'), 'true');
    await page.getByLabel('Note').fill('Firemní akce');
    const reads: string[] = [];
    const onRequest = (request: { url(): string }) => void (request.url().includes('/availability?') && reads.push(request.url()));
    page.on('request', onRequest);
    await page.getByRole('button', { name: 'Reserve these days' }).click();
    await page.getByRole('status').filter({ hasText: 'Reserved.' }).waitFor();
    page.off('request', onRequest);
    assert.equal(reads.length, 1, `the month's statuses read once after the change: ${reads.join(', ')}`);
    let reservations = (await product()).availability.reservationDates;
    assert.deepEqual(reservations.map(({ from, to, note }) => ({ from, to, note })), [{ from: '2027-05-10', to: '2027-05-12', note: 'Firemní akce' }]);
    // The status line waits for the day statuses read again: the grid agrees with it as it shows.
    assert.equal(await page.locator('[data-day="2027-05-11"]').getAttribute('aria-label'), 'May 11, 2027, reserved');

    // With the keyboard: from the 11th, right twice to the 13th… an overlap.
    await page.locator('[data-day="2027-05-11"]').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.getByText('Selected: May 11, 2027 – May 13, 2027').waitFor();
    await page.getByRole('button', { name: 'Reserve these days' }).click();
    await page.getByRole('alert').filter({ hasText: 'These days overlap another reservation.' }).waitFor();
    assert.equal((await product()).availability.reservationDates.length, 1);

    // Across the end of the month with the arrow keys: the view follows.
    await page.getByRole('button', { name: 'Clear the selection' }).click();
    await page.locator('[data-day="2027-05-31"]').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.getByRole('heading', { name: 'June 2027' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('Selected: May 31, 2027 – Jun 7, 2027').waitFor();
    await page.getByRole('button', { name: 'Reserve these days' }).click();
    await page.getByRole('status').filter({ hasText: 'Reserved.' }).waitFor();
    reservations = (await product()).availability.reservationDates;
    assert.equal(reservations.length, 2);

    await page.getByRole('button', { name: 'Previous month' }).click();
    await page.getByRole('heading', { name: 'May 2027' }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Release the reservation May 10, 2027 – May 12, 2027' }).click();
    await page.getByRole('status').filter({ hasText: 'Released.' }).waitFor();
    reservations = (await product()).availability.reservationDates;
    assert.deepEqual(reservations.map(({ from, to }) => [from, to]), [['2027-05-31', '2027-06-07']]);
    assert.equal(await page.locator('[data-day="2027-05-11"]').getAttribute('aria-label'), 'May 11, 2027, free');
    assertNoProblems(dashboard, 'calendar');
  });

  it('lists reservations in date-times with their times, each released by its own name', async () => {
    const hourly = await server.http.post('/api/products/by-the-hour', { basic: { product_name: 'Pila' }, additional: { price: 100, time_unit: 'hour' } }, owner.token);
    assert.equal(hourly.status, 201, hourly.text);
    for (const [from, to] of [['2027-07-03T09:00:00Z', '2027-07-03T12:00:00Z'], ['2027-07-03T14:00:00+01:00', '2027-07-03T16:30:00+01:00']]) {
      assert.equal((await server.http.post('/api/products/by-the-hour', { action: 'reserve', from, to }, owner.token)).status, 200);
    }
    await page.goto(`${server.url}/admin/products/by-the-hour/calendar?month=2027-07`);
    await page.getByRole('heading', { name: 'July 2027' }).waitFor();
    // Prague is UTC+2 in July: 09:00Z is 11:00 there, 14:00+01:00 is 15:00.
    // (\s: ICU may put a narrow no-break space before AM and PM.)
    await page.getByRole('button', { name: /^Release the reservation Jul 3, 2027, 11:00\sAM – Jul 3, 2027, 2:00\sPM$/ }).waitFor();
    await page.getByRole('button', { name: /^Release the reservation Jul 3, 2027, 3:00\sPM – Jul 3, 2027, 5:30\sPM$/ }).waitFor();

    // And reserves by the hour: a day chosen, then times of day on it (in the browser's zone).
    await page.locator('[data-day="2027-07-05"]').click();
    await page.locator('[data-day="2027-07-05"]').click();
    await page.getByLabel('At times of day').check();
    await page.getByLabel('From, on Jul 5, 2027').fill('09:00');
    await page.getByLabel('Until, on Jul 5, 2027').fill('12:00');
    await page.getByText('3 hours', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Reserve these days' }).click();
    await page.getByRole('status').filter({ hasText: 'Reserved.' }).waitFor();
    const stored = (await server.http.get<Product>('/api/products/by-the-hour', owner.token)).body.availability.reservationDates;
    const made = stored.find((item) => item.from.startsWith('2027-07-05'));
    assert.ok(made, JSON.stringify(stored));
    assert.deepEqual([Date.parse(made.from), Date.parse(made.to)], [Date.parse('2027-07-05T07:00:00Z'), Date.parse('2027-07-05T10:00:00Z')]);
    assertNoProblems(dashboard, 'calendar in hours');
  });

  it('the gallery and the calendar work at 390 px wide', async () => {
    const phone = await openDashboard(browser, { viewport: PHONE });
    try {
      await signIn(phone.page, server.url, owner.email, owner.password);
      for (const section of ['gallery', 'calendar?month=2027-06']) {
        await phone.page.goto(`${server.url}/admin/products/${productId}/${section}`);
        await phone.page.locator('.gallery, .calendar').waitFor();
        const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 0, `${section} scrolls sideways by ${overflow} px`);
        await assertAccessible(phone.page, `${section} on a phone`);
      }
      assertNoProblems(phone, 'phone');
    } finally {
      await phone.context.close();
    }
  });
});
