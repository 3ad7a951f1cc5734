/** Word material for believable Czech rental listings. */

export const TOWNS = ['Brno', 'Praha', 'Ostrava', 'Plzeň', 'Olomouc', 'Liberec', 'České Budějovice', 'Hradec Králové', 'Pardubice', 'Zlín', 'Jihlava', 'Kladno'];

export const ITEMS: { name: string; unit: string; price: [number, number]; caution: [number, number] }[] = [
  { name: 'Vrtačka', unit: 'day', price: [150, 400], caution: [1000, 3000] },
  { name: 'Příklepová vrtačka', unit: 'day', price: [200, 500], caution: [1500, 4000] },
  { name: 'Sekačka na trávu', unit: 'day', price: [300, 800], caution: [2000, 6000] },
  { name: 'Křovinořez', unit: 'day', price: [250, 600], caution: [2000, 5000] },
  { name: 'Žebřík hliníkový', unit: 'day', price: [100, 250], caution: [500, 2000] },
  { name: 'Lešení', unit: 'week', price: [900, 2500], caution: [5000, 15000] },
  { name: 'Míchačka na beton', unit: 'day', price: [350, 700], caution: [3000, 8000] },
  { name: 'Vibrační deska', unit: 'day', price: [600, 1200], caution: [5000, 12000] },
  { name: 'Stan pro 4 osoby', unit: 'week', price: [500, 1200], caution: [1000, 3000] },
  { name: 'Kajak', unit: 'day', price: [400, 900], caution: [3000, 8000] },
  { name: 'Paddleboard', unit: 'day', price: [350, 700], caution: [3000, 6000] },
  { name: 'Horské kolo', unit: 'day', price: [300, 650], caution: [5000, 15000] },
  { name: 'Elektrokolo', unit: 'day', price: [600, 1200], caution: [10000, 30000] },
  { name: 'Přívěsný vozík', unit: 'day', price: [300, 600], caution: [3000, 6000] },
  { name: 'Projektor Full HD', unit: 'day', price: [400, 900], caution: [5000, 12000] },
  { name: 'Ozvučení party set', unit: 'day', price: [800, 2000], caution: [8000, 20000] },
  { name: 'Fotoaparát Canon', unit: 'day', price: [500, 1200], caution: [10000, 30000] },
  { name: 'Dron DJI', unit: 'day', price: [700, 1500], caution: [15000, 40000] },
  { name: 'Čistič koberců Kärcher', unit: 'day', price: [350, 600], caution: [2000, 5000] },
  { name: 'Vysokotlaký čistič', unit: 'day', price: [250, 550], caution: [2000, 5000] },
  { name: 'Sněžná fréza', unit: 'day', price: [600, 1100], caution: [5000, 12000] },
  { name: 'Pivní set', unit: 'day', price: [150, 300], caution: [500, 1500] },
  { name: 'Skákací hrad', unit: 'day', price: [1200, 2500], caution: [5000, 10000] },
  { name: 'Svatební stan', unit: 'day', price: [3000, 8000], caution: [10000, 30000] },
];

export const BRANDS = ['Bosch', 'Makita', 'Hilti', 'Honda', 'Stihl', 'Husqvarna', 'Kärcher', 'Einhell', 'DeWalt', 'Metabo', 'Yamaha', 'Trek'];

export const PHRASES = [
  'Spolehlivý kus v perfektním stavu, pravidelně servisovaný.',
  'Vhodné pro kutily i profesionály.',
  'Součástí zapůjčení je přepravní kufr a návod k obsluze.',
  'Před vrácením prosíme o základní očištění.',
  'Možnost dovozu po městě za příplatek.',
  'Při zapůjčení na víkend sleva 20 %.',
  'Výdej i vrácení po domluvě i o víkendu.',
  'Zařízení je pojištěno, kauce se vrací při vrácení.',
  'Lehká a skladná konstrukce, snadná obsluha.',
  'Nabízíme i zaškolení zdarma.',
  'Ideální na zahradu, chatu i stavbu.',
  'Nové kusy od letošní sezóny.',
];

export const BUSINESSES = [
  { name: 'Půjčovna nářadí Brno', person: 'Jana Nováková' },
  { name: 'Rent Praha s.r.o.', person: 'Petr Dvořák' },
  { name: 'Ostravská půjčovna', person: 'Lucie Horáková' },
  { name: 'Zahrada & Stavba Plzeň', person: 'Tomáš Černý' },
  { name: 'Outdoor půjčovna Olomouc', person: 'Eva Veselá' },
  { name: 'Party servis Liberec', person: 'Martin Procházka' },
];

export const TERMS = [
  { title: 'Denní pronájem', text: 'Vrácení do 24 hodin od převzetí.' },
  { title: 'Víkendový pronájem', text: 'Od pátku 16:00 do pondělí 9:00.' },
  { title: 'Dlouhodobý pronájem', text: 'Od 7 dnů, platba předem.' },
];
