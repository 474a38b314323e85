// The inquiry API of both areas (SPEC §5 "Contact form", §7, §8 E060–E070 / ME030–ME040):
// validation in rule order, attachment types by content, storage in PostgreSQL, mail to
// the support desk (outbox files and a real SMTP server), area guards, CSRF, rate limit.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { INQUIRY_LIMITS } from '../../src/contact/rules.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { listen } from '../helpers/browser.ts';
import { csrfFor } from '../helpers/auth.ts';

// ---------------------------------------------------------------- test files

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64, 1), Buffer.from([0xff, 0xd9])]);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(128, 0x90)]);

/** A stored (uncompressed) zip: enough for file-type to recognise Office Open XML. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

const DOCX = zip({
  '[Content_Types].xml':
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  'word/document.xml': '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
});
const PLAIN_ZIP = zip({ 'readme.txt': 'hello' });
const CSV = Buffer.from('出願番号,出願人\n特願2026-000001,発明株式会社\n');
const TEXT = Buffer.from('拒絶理由通知への応答方針メモ\n');

interface TestFile {
  name: string;
  content: Buffer;
}
const file = (name: string, content: Buffer = TEXT): TestFile => ({ name, content });

// ---------------------------------------------------------------- a small MIME reader

interface MimePart {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): MimePart {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function quotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i++) {
    if (source[i] === '=' && /^[0-9A-F]{2}$/i.test(source.slice(i + 1, i + 3))) {
      bytes.push(parseInt(source.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(source[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words; runs of them are decoded together so split characters join. */
function decodeWords(value: string): string {
  return value.replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)(\s+=\?[^?]+\?[BbQq]\?[^?]*\?=)*/g, (run) => {
    const bytes = [...run.matchAll(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g)].map(([, kind, text]) =>
      kind!.toUpperCase() === 'B' ? Buffer.from(text!, 'base64') : quotedPrintable(text!.replace(/_/g, ' ')),
    );
    return Buffer.concat(bytes).toString('utf8');
  });
}

/** A header parameter, including RFC 2231 continuations (filename*0*=utf-8''…). */
function parameter(header: string, name: string): string | undefined {
  const plain = new RegExp(`(?:^|;)\\s*${name}="?([^";]*)"?`, 'i').exec(header);
  const pieces = [...header.matchAll(new RegExp(`${name}\\*(\\d+)?(\\*)?="?([^";]*)"?`, 'gi'))];
  if (pieces.length === 0) return plain ? decodeWords(plain[1]!) : undefined;
  pieces.sort((a, b) => Number(a[1] ?? 0) - Number(b[1] ?? 0));
  const joined = pieces.map((piece) => piece[3]!).join('');
  const encoded = pieces.some((piece) => piece[2] === '*') || !pieces[0]![1];
  const text = joined.replace(/^[\w-]*'[\w-]*'/, '');
  return encoded ? decodeURIComponent(text) : text;
}

function partContent(part: MimePart): Buffer {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return quotedPrintable(part.body);
  return Buffer.from(part.body, 'utf8');
}

function leafParts(part: MimePart): MimePart[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  if (!/^multipart\//i.test(type)) return [part];
  const boundary = parameter(type, 'boundary')!;
  const sections = part.body.split(`--${boundary}`).slice(1, -1);
  return sections.flatMap((section) => leafParts(splitPart(section.replace(/^\r?\n/, ''))));
}

interface ReadMail {
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

function readMail(raw: string): ReadMail {
  const message = splitPart(raw);
  const leaves = leafParts(message);
  const textPart = leaves.find((leaf) => /^text\/plain/i.test(leaf.headers['content-type'] ?? 'text/plain') && !/attachment/i.test(leaf.headers['content-disposition'] ?? ''));
  return {
    from: decodeWords(message.headers.from ?? ''),
    to: decodeWords(message.headers.to ?? ''),
    replyTo: decodeWords(message.headers['reply-to'] ?? ''),
    subject: decodeWords(message.headers.subject ?? ''),
    text: textPart ? partContent(textPart).toString('utf8').replace(/\r\n/g, '\n') : '',
    attachments: leaves
      .filter((leaf) => /attachment/i.test(leaf.headers['content-disposition'] ?? ''))
      .map((leaf) => ({
        filename: parameter(leaf.headers['content-disposition']!, 'filename') ?? '',
        contentType: (leaf.headers['content-type'] ?? '').split(';')[0]!.trim(),
        content: partContent(leaf),
      })),
  };
}

// ---------------------------------------------------------------- signing in and posting

type Area = 'user' | 'manage';

interface Session {
  area: Area;
  accountId: string;
  email: string;
  cookie: string;
  token: string;
}

/**
 * A page's CSRF token and the cookies that go with it. Signed-out pages redirect to
 * /login, so the page is one of the signed-in area (/manage/users for managers: any
 * page of the area carries the token, its error page too).
 */
async function signIn(testApp: TestApp, area: Area, account: Parameters<typeof createAccount>[1] = {}): Promise<Session> {
  const created = await createAccount(testApp, { role: area === 'manage' ? 'auth_adopter' : 'auth_user', ...account });
  const sessionCookie = await sessionCookieFor(testApp, area === 'manage' ? { managerId: created.id } : { userId: created.id });
  const { token, cookie } = await csrfFor(testApp, sessionCookie, area === 'manage' ? '/manage/users' : '/sample');
  return { area, accountId: created.id, email: created.email, cookie, token };
}

const endpoint = (area: Area) => (area === 'manage' ? '/api/manage/contact' : '/api/contact');

const VALID = { name: '特許 花子', email: 'hanako.tokkyo@example.co.jp', body: '検索結果の CSV 出力について教えてください。' };

function post(testApp: TestApp, who: Session, fields: Partial<Record<keyof typeof VALID, string>> = {}, files: TestFile[] = [], path = endpoint(who.area)) {
  let call = request(testApp.app).post(path).set('Cookie', who.cookie).set('x-csrf-token', who.token).set('Accept', 'application/json');
  for (const [key, value] of Object.entries({ ...VALID, ...fields })) call = call.field(key, value);
  for (const attachment of files) call = call.attach('files', attachment.content, { filename: attachment.name, contentType: 'application/octet-stream' });
  return call;
}

/** A multipart body by hand, for requests supertest will not make (chunked, without Content-Length). */
function multipartBody(boundary: string, fields: Record<string, string>, files: TestFile[]): Buffer {
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  }
  for (const attachment of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${attachment.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    parts.push(attachment.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

async function postChunked(baseUrl: string, who: Session, body: Buffer, boundary: string): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(`${baseUrl}${endpoint(who.area)}`, {
      method: 'POST',
      headers: {
        cookie: who.cookie,
        'x-csrf-token': who.token,
        accept: 'application/json',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
    });
    call.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, json: JSON.parse(text || '{}') }));
    });
    call.on('error', reject);
    // Written in pieces, so the server sees a stream without a declared length.
    for (let offset = 0; offset < body.length; offset += 256 * 1024) call.write(body.subarray(offset, offset + 256 * 1024));
    call.end();
  });
}

const countInquiries = async (testApp: TestApp): Promise<number> =>
  Number((await testApp.runtime.db('inquiries').count<{ count: string }[]>({ count: '*' }))[0]!.count);

// ================================================================= outbox

describe('inquiry API (mail to the outbox)', () => {
  let testApp: TestApp;
  let outbox: string;
  let user: Session;
  let manager: Session;
  const seenMails = new Set<string>();

  /** The .eml files written since the last call. */
  async function newMails(): Promise<ReadMail[]> {
    const files = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
    const fresh = files.filter((name) => !seenMails.has(name));
    fresh.forEach((name) => seenMails.add(name));
    return Promise.all(fresh.map(async (name) => readMail(await readFile(path.join(outbox, name), 'utf8'))));
  }

  beforeAll(async () => {
    outbox = await mkdtemp(path.join(tmpdir(), 'hatsumei-outbox-'));
    // A generous rate limit: this file sends far more requests per account than a person would.
    testApp = await startTestApp({ MAIL_OUTBOX_DIR: outbox, RATE_LIMIT_FACTOR: '100' });
    user = await signIn(testApp, 'user', { name: '審査 一郎' });
    manager = await signIn(testApp, 'manage', { name: '管理 二郎' });
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(outbox, { recursive: true, force: true });
  });

  test('a user inquiry with five attachments is stored with its files and mailed to the support desk', async () => {
    const files = [
      file('図面１.png', PNG),
      file('明細書ドラフト.docx', DOCX),
      file('出願一覧.csv', CSV),
      file('拒絶理由 メモ.txt', TEXT),
      file('scan.pdf', PDF),
    ];
    const body = '検索結果の出力について質問です。\r\n\r\n・CSV の列順\r\n・文字コード';
    await post(testApp, user, { body }, files).expect(200, { result: true });

    const inquiry = await testApp.runtime.db('inquiries').where({ user_id: user.accountId }).first();
    expect(inquiry).toMatchObject({ area: 'user', name: VALID.name, email: VALID.email, body: body.replace(/\r\n/g, '\n') });
    expect(inquiry.mailed_at).toBeInstanceOf(Date);
    const stored = await testApp.runtime.db('inquiry_attachments').where({ inquiry_id: inquiry.id }).orderBy('file_name');
    expect(stored.map((row) => [row.file_name, row.content_type, row.size]).sort()).toEqual(
      [
        ['図面１.png', 'image/png', PNG.length],
        ['明細書ドラフト.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', DOCX.length],
        ['出願一覧.csv', 'text/csv', CSV.length],
        ['拒絶理由 メモ.txt', 'text/plain', TEXT.length],
        ['scan.pdf', 'application/pdf', PDF.length],
      ].sort(),
    );
    expect(Buffer.compare(stored.find((row) => row.file_name === '図面１.png').content, PNG)).toBe(0);

    const [mail, ...others] = await newMails();
    expect(others).toHaveLength(0);
    expect(mail!.to).toBe(testApp.config.mail.inquiryTo);
    expect(mail!.replyTo).toBe(VALID.email);
    expect(mail!.subject).toBe(`[Hatsumei] お問い合わせ（利用者）: ${VALID.name} / テスト特許事務所`);
    expect(mail!.text).toContain(`受付番号: ${inquiry.id}`);
    expect(mail!.text).toContain('送信元: 利用者画面 (user)');
    expect(mail!.text).toContain('氏名: 審査 一郎');
    expect(mail!.text).toContain(`メールアドレス: ${user.email}`);
    expect(mail!.text).toMatch(/会社: テスト特許事務所（会社コード: T\d+）/);
    expect(mail!.text).toContain(`お名前: ${VALID.name}`);
    expect(mail!.text).toContain(body.replace(/\r\n/g, '\n'));
    expect(mail!.text).toContain('■ 添付ファイル（5 件');
    expect(mail!.text).toContain('1. 図面１.png（image/png');
    expect(mail!.attachments.map((a) => a.filename).sort()).toEqual(files.map((f) => f.name).sort());
    const docx = mail!.attachments.find((a) => a.filename === '明細書ドラフト.docx')!;
    expect(docx.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(Buffer.compare(docx.content, DOCX)).toBe(0);
  });

  test('a manager inquiry without attachments is stored for the manager area and names it in the mail', async () => {
    await post(testApp, manager, { name: '  管理 二郎  ', body: '利用者の追加上限を変更したい。' }).expect(200, { result: true });
    const inquiry = await testApp.runtime.db('inquiries').where({ user_id: manager.accountId }).first();
    expect(inquiry).toMatchObject({ area: 'manage', name: '管理 二郎', body: '利用者の追加上限を変更したい。' });
    expect(await testApp.runtime.db('inquiry_attachments').where({ inquiry_id: inquiry.id })).toHaveLength(0);
    const [mail] = await newMails();
    expect(mail!.subject).toBe('[Hatsumei] お問い合わせ（管理者）: 管理 二郎 / テスト特許事務所');
    expect(mail!.text).toContain('送信元: 管理者画面 (manage)');
    expect(mail!.text).toContain('権限: 管理者');
    expect(mail!.text).toContain('■ 添付ファイル（0 件）\nなし');
    expect(mail!.attachments).toHaveLength(0);
  });

  test('limits are inclusive: 50-character name, 500-character body (emoji count once, CRLF once), 100-character file name, 8 MB in total', async () => {
    const body = `${'あ'.repeat(480)}${'\r\n'.repeat(10)}${'😀'.repeat(10)}`; // 500 characters as typed
    const longName = `${'特'.repeat(96)}.pdf`; // 100 characters
    const half = INQUIRY_LIMITS.totalBytes / 2;
    const big = Buffer.concat([PDF, Buffer.alloc(half - PDF.length, 0x20)]);
    await post(testApp, user, { name: '名'.repeat(50), body }, [file(longName, big), file('b.pdf', big)]).expect(200, { result: true });
    const inquiry = await testApp.runtime.db('inquiries').where({ name: '名'.repeat(50) }).first();
    expect([...inquiry.body]).toHaveLength(500);
    const sizes = await testApp.runtime.db('inquiry_attachments').where({ inquiry_id: inquiry.id }).sum<{ sum: string }[]>({ sum: 'size' });
    expect(Number(sizes[0]!.sum)).toBe(INQUIRY_LIMITS.totalBytes);
    await newMails();
  });

  test('a JPEG named .png is accepted as the image it is; file names arrive in UTF-8 and NFC', async () => {
    const decomposed = 'ハ\u309Aテント.jpg'.normalize('NFD'); // as macOS sends パテント
    await post(testApp, user, { name: '画像 確認' }, [file('photo.png', JPEG), file(decomposed, JPEG), file('anim.gif', GIF)]).expect(200);
    const inquiry = await testApp.runtime.db('inquiries').where({ name: '画像 確認' }).first();
    const rows = await testApp.runtime.db('inquiry_attachments').where({ inquiry_id: inquiry.id }).orderBy('file_name');
    expect(rows.map((row) => [row.file_name, row.content_type]).sort()).toEqual(
      [
        ['anim.gif', 'image/gif'],
        ['photo.png', 'image/jpeg'],
        ['パテント.jpg', 'image/jpeg'],
      ].sort(),
    );
    await newMails();
  });

  test('other control characters are dropped, tabs and line breaks of the body kept; NUL is refused at the input boundary, nothing stored', async () => {
    await post(testApp, user, { name: '制御\u0007文字\r\n', body: '一行目\u0007\u001b\r\n\t二行目' }).expect(200, { result: true });
    const inquiry = await testApp.runtime.db('inquiries').where({ name: '制御文字' }).first();
    expect(inquiry.body).toBe('一行目\n\t二行目');
    await newMails();
    const refused = await post(testApp, user, { name: 'ヌル\u0000文字', body: '本文' }).expect(400);
    expect(refused.body).toMatchObject({ errcode: 'E102', field: 'name' });
    expect(await testApp.runtime.db('inquiries').where('name', 'like', 'ヌル%').first()).toBeUndefined();
  });

  // ------------------------------------------------------------- every rule, both areas

  const CASES: Array<{ rule: string; codes: [string, string]; fields?: Partial<Record<keyof typeof VALID, string>>; files?: TestFile[] }> = [
    { rule: 'name required', codes: ['E060', 'ME030'], fields: { name: '' } },
    { rule: 'name of spaces only counts as empty', codes: ['E060', 'ME030'], fields: { name: ' 　 ' } },
    { rule: 'name over 50 characters', codes: ['E061', 'ME031'], fields: { name: 'あ'.repeat(51) } },
    { rule: 'email required', codes: ['E062', 'ME032'], fields: { email: '' } },
    { rule: 'email over 255 characters', codes: ['E063', 'ME033'], fields: { email: `${'a'.repeat(244)}@example.com` } },
    { rule: 'email without a dot after the @', codes: ['E064', 'ME034'], fields: { email: 'taro@example' } },
    { rule: 'email with a space', codes: ['E064', 'ME034'], fields: { email: 'taro tokkyo@example.jp' } },
    { rule: 'body required', codes: ['E065', 'ME035'], fields: { body: '\r\n  \r\n' } },
    { rule: 'body over 500 characters', codes: ['E066', 'ME036'], fields: { body: 'あ'.repeat(501) } },
    { rule: 'file name over 100 characters', codes: ['E067', 'ME037'], files: [file(`${'a'.repeat(97)}.txt`)] },
    {
      rule: 'more than 5 files (multer stops at the 6th)',
      codes: ['E068', 'ME038'],
      files: ['1', '2', '3', '4', '5', '6'].map((n) => file(`${n}.txt`)),
    },
    {
      rule: 'more than 8 MB in total by one byte',
      codes: ['E069', 'ME039'],
      files: [file('a.txt', Buffer.alloc(INQUIRY_LIMITS.totalBytes / 2, 0x61)), file('b.txt', Buffer.alloc(INQUIRY_LIMITS.totalBytes / 2 + 1, 0x61))],
    },
    {
      rule: 'a request announcing more than 8 MB',
      codes: ['E069', 'ME039'],
      files: [file('big.txt', Buffer.alloc(INQUIRY_LIMITS.totalBytes + 512 * 1024, 0x61))],
    },
    { rule: 'duplicate file names', codes: ['E070', 'ME040'], files: [file('メモ.txt'), file('図.png', PNG), file('メモ.txt')] },
    { rule: 'duplicate names after NFC', codes: ['E070', 'ME040'], files: [file('パテント.txt'), file('パテント.txt'.normalize('NFD'))] },
    { rule: 'an executable', codes: ['E102', 'ME999'], files: [file('図面.png', PNG), file('setup.exe', EXE)] },
    { rule: 'an executable named like a PDF', codes: ['E102', 'ME999'], files: [file('report.pdf', EXE)] },
    { rule: 'a plain zip named .docx', codes: ['E102', 'ME999'], files: [file('draft.docx', PLAIN_ZIP)] },
    { rule: 'text named like an image', codes: ['E102', 'ME999'], files: [file('drawing.png', TEXT)] },
    { rule: 'a script (text content, .bat name)', codes: ['E102', 'ME999'], files: [file('run.bat', Buffer.from('@echo off\r\ndel *.*\r\n'))] },
    { rule: 'binary noise named .txt', codes: ['E102', 'ME999'], files: [file('notes.txt', Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x10]))] },
    // First failing rule wins.
    { rule: 'empty name before a too-long body', codes: ['E060', 'ME030'], fields: { name: '', body: 'あ'.repeat(501) } },
    { rule: 'bad email before 6 files', codes: ['E064', 'ME034'], fields: { email: 'x@y' }, files: ['1', '2', '3', '4', '5', '6'].map((n) => file(`${n}.txt`)) },
    { rule: 'long file name before duplicates', codes: ['E067', 'ME037'], files: [file('a.txt'), file('a.txt'), file(`${'b'.repeat(101)}.txt`)] },
    { rule: 'duplicates before the type check', codes: ['E070', 'ME040'], files: [file('a.exe', EXE), file('a.exe', EXE)] },
  ];

  for (const area of ['user', 'manage'] as const) {
    const cases = CASES.map(({ codes, ...rest }) => ({ ...rest, code: area === 'manage' ? codes[1] : codes[0] }));
    test.each(cases)(`[${area}] $rule → $code`, async ({ code, fields, files }) => {
      const who = area === 'manage' ? manager : user;
      const before = await countInquiries(testApp);
      const response = await post(testApp, who, fields, files).expect(400);
      expect(response.body.errcode).toBe(code);
      expect(typeof response.body.detail).toBe('string');
      expect(response.body.detail.length).toBeGreaterThan(0);
      expect(await countInquiries(testApp)).toBe(before);
      expect(await newMails()).toHaveLength(0);
    });
  }

  test('a file over 8 MB sent without Content-Length is stopped by multer and answered E069 / ME039, not 500', async () => {
    const http = await listen(testApp.app);
    try {
      const boundary = '----hatsumei-test-boundary';
      const big = [file('huge.txt', Buffer.alloc(INQUIRY_LIMITS.totalBytes + 1, 0x61))];
      const user400 = await postChunked(http.baseUrl, user, multipartBody(boundary, VALID, big), boundary);
      expect(user400).toMatchObject({ status: 400, json: { errcode: 'E069' } });
      const manager400 = await postChunked(http.baseUrl, manager, multipartBody(boundary, VALID, big), boundary);
      expect(manager400).toMatchObject({ status: 400, json: { errcode: 'ME039' } });
      // The fields sent before the file are still checked first.
      const early = await postChunked(http.baseUrl, user, multipartBody(boundary, { ...VALID, name: '' }, big), boundary);
      expect(early).toMatchObject({ status: 400, json: { errcode: 'E060' } });
      // A field over multer's 1 MB field limit is "too long", not a 500.
      const hugeBody = await postChunked(http.baseUrl, user, multipartBody(boundary, { ...VALID, body: 'a'.repeat(1024 * 1024 + 1) }, []), boundary);
      expect(hugeBody).toMatchObject({ status: 400, json: { errcode: 'E066' } });
    } finally {
      await http.close();
    }
  });

  test('a malformed multipart body is a 400, not a 500', async () => {
    const response = await request(testApp.app)
      .post('/api/contact')
      .set('Cookie', user.cookie)
      .set('x-csrf-token', user.token)
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\n途中で切れ')
      .expect(400);
    expect(response.body.errcode).toBe('E102');
    const unexpectedField = await request(testApp.app)
      .post('/api/manage/contact')
      .set('Cookie', manager.cookie)
      .set('x-csrf-token', manager.token)
      .field(VALID)
      .attach('attachment', TEXT, 'a.txt')
      .expect(400);
    expect(unexpectedField.body.errcode).toBe('ME999');
  });

  test('messages follow the account language', async () => {
    const japanese = await post(testApp, user, { name: '' }).expect(400);
    expect(japanese.body).toEqual({ errcode: 'E060', detail: 'お名前を入力してください。' });
    const english = await signIn(testApp, 'user', { languageCD: 'lang_en' });
    const response = await post(testApp, english, {}, [file('a.txt'), file('a.txt')]).expect(400);
    expect(response.body).toEqual({ errcode: 'E070', detail: 'Files with the same name cannot be attached.' });
  });

  // ------------------------------------------------------------- guards

  test('a user cannot use the manager API and a manager cannot use the user API', async () => {
    const before = await countInquiries(testApp);
    const asUser = await post(testApp, user, {}, [], '/api/manage/contact').expect(401);
    expect(asUser.body.errcode).toBe('ME041');
    const asManager = await post(testApp, manager, {}, [], '/api/contact').expect(401);
    expect(asManager.body.errcode).toBe('E073');
    expect(await countInquiries(testApp)).toBe(before);
  });

  test('signed-out visitors are refused with E073 / ME041 even with a valid CSRF token', async () => {
    const login = await request(testApp.app).get('/login').expect(200);
    const token = /name="csrf-token" content="([^"]+)"/.exec(login.text)![1]!;
    const cookie = ((login.headers['set-cookie'] as unknown as string[]) ?? []).map((c) => c.split(';')[0]).join('; ');
    const anonymous: Session = { area: 'user', accountId: '', email: '', cookie, token };
    expect((await post(testApp, anonymous).expect(401)).body.errcode).toBe('E073');
    expect((await post(testApp, { ...anonymous, area: 'manage' }).expect(401)).body.errcode).toBe('ME041');
  });

  test('a POST without the CSRF token, or with a wrong one, is refused with 403 and nothing is stored', async () => {
    const before = await countInquiries(testApp);
    const missing = await request(testApp.app).post('/api/contact').set('Cookie', user.cookie).field(VALID).expect(403);
    expect(missing.body.errcode).toBe('E073');
    const wrong = await request(testApp.app)
      .post('/api/manage/contact')
      .set('Cookie', manager.cookie)
      .set('x-csrf-token', `x${manager.token.slice(1)}`)
      .field(VALID)
      .expect(403);
    expect(wrong.body.errcode).toBe('ME041');
    // A token of another signed-in session does not work either.
    await post(testApp, { ...user, token: manager.token }).expect(403);
    expect(await countInquiries(testApp)).toBe(before);
    expect(await newMails()).toHaveLength(0);
  });
});

// ================================================================= real SMTP server

describe('inquiry API through a real SMTP server', () => {
  let testApp: TestApp;
  let smtp: SMTPServer;
  let rejectNext = false;
  const received: Array<{ from: string; to: string[]; raw: string }> = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (rejectNext) {
            rejectNext = false;
            const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
            return callback(error);
          }
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    // ignoreTLS: the test server speaks plain SMTP.
    testApp = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`, INQUIRY_TO: 'desk@hatsumei.example' });
  });
  afterAll(async () => {
    await testApp?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  test('the inquiry is delivered to the support desk over SMTP and marked as mailed', async () => {
    const user = await signIn(testApp, 'user', { name: '送信 三郎' });
    await post(testApp, user, { body: 'SMTP 経由の問い合わせです。' }, [file('請求書.pdf', PDF)]).expect(200, { result: true });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['desk@hatsumei.example']);
    expect(received[0]!.from).toBe('no-reply@hatsumei.example');
    const mail = readMail(received[0]!.raw);
    expect(mail.replyTo).toBe(VALID.email);
    expect(mail.subject).toContain('お問い合わせ（利用者）');
    expect(mail.text).toContain('SMTP 経由の問い合わせです。');
    expect(mail.text).toContain('氏名: 送信 三郎');
    expect(mail.attachments).toEqual([{ filename: '請求書.pdf', contentType: 'application/pdf', content: PDF }]);
    const inquiry = await testApp.runtime.db('inquiries').where({ user_id: user.accountId }).first();
    expect(inquiry.mailed_at).toBeInstanceOf(Date);
  });

  test('when the mail server refuses, the inquiry stays stored (mailed_at null) and the person still gets success', async () => {
    const manager = await signIn(testApp, 'manage');
    rejectNext = true;
    await post(testApp, manager, { body: 'メールサーバーが拒否するケース' }, [file('memo.txt')]).expect(200, { result: true });
    const inquiry = await testApp.runtime.db('inquiries').where({ user_id: manager.accountId }).first();
    expect(inquiry).toMatchObject({ area: 'manage', body: 'メールサーバーが拒否するケース', mailed_at: null });
    expect(await testApp.runtime.db('inquiry_attachments').where({ inquiry_id: inquiry.id })).toHaveLength(1);
    expect(received.some((mail) => mail.raw.includes('memo.txt'))).toBe(false);
  });

  test('an account may send at most 20 inquiry requests an hour; other accounts are not affected', async () => {
    const busy = await signIn(testApp, 'user');
    for (let i = 0; i < 20; i++) await post(testApp, busy, { name: '' }).expect(400); // refused ones count too
    const limited = await post(testApp, busy).expect(429);
    expect(limited.body.errcode).toBe('too-many-requests');
    const other = await signIn(testApp, 'user');
    await post(testApp, other, { name: '' }).expect(400);
  });
});
