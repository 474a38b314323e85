// The company's allowed networks as a manager types them (one address or CIDR range a line,
// IPv4 or IPv6) → the list stored in companies.allowed_networks (cidr[]), or the first bad
// line. PostgreSQL's cidr refuses host bits right of the mask (192.0.2.1/24), so they are
// refused here too, with the network the manager probably meant.
import net from 'node:net';
import { AppError } from '../../platform/errors.ts';
import { isAllowedAddress, parseNetworks } from '../../platform/network.ts';

/** At most this many entries: a company's offices and VPN exits, not a blocklist. */
export const MAX_NETWORKS = 100;
/** The text as typed, at most (100 IPv6 ranges with room for spaces). */
export const MAX_NETWORKS_TEXT = 10_000;

const invalidLine = (line: number, text: string) =>
  new AppError(400, 'ME050', 'ME050', { line, text }, { field: 'allowedNetworks', row: line });

/** The address as a number of 32 or 128 bits. */
function addressBits(address: string, family: 4 | 6): bigint {
  if (family === 4) return address.split('.').reduce((sum, octet) => (sum << 8n) | BigInt(Number(octet)), 0n);
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1]; // ::ffff:192.0.2.1
  if (dotted) {
    const value = addressBits(dotted, 4);
    text = text.slice(0, -dotted.length) + `${(value >> 16n).toString(16)}:${(value & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.reduce((sum, group) => (sum << 16n) | BigInt(parseInt(group, 16)), 0n);
}

function formatAddress(bits: bigint, family: 4 | 6): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((shift) => String((bits >> shift) & 0xffn)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => ((bits >> BigInt((7 - i) * 16)) & 0xffffn).toString(16)).join(':');
  return new net.SocketAddress({ address: groups, family: 'ipv6' }).address; // Node prints it compressed
}

/** One line → its CIDR text, or the error naming it (1-based line number, as the manager sees it). */
function parseLine(text: string, line: number): string {
  const parts = text.split('/');
  const address = parts[0] ?? '';
  const family = net.isIP(address);
  if (parts.length > 2 || (family !== 4 && family !== 6) || address.includes('%')) throw invalidLine(line, text);
  const width = family === 4 ? 32 : 128;
  if (parts.length === 1) return text;
  if (!/^\d{1,3}$/.test(parts[1]!) || Number(parts[1]) > width) throw invalidLine(line, text);
  const prefix = Number(parts[1]);
  const bits = addressBits(address, family);
  const hostMask = (1n << BigInt(width - prefix)) - 1n;
  if ((bits & hostMask) !== 0n) {
    const suggestion = `${formatAddress(bits & ~hostMask & ((1n << BigInt(width)) - 1n), family)}/${prefix}`;
    throw new AppError(400, 'ME050', 'networkHostBits', { line, text, suggestion }, { field: 'allowedNetworks', row: line });
  }
  return `${address}/${prefix}`;
}

/** The lines of the form → the networks to store (blank lines skipped, repeats kept once). */
export function parseNetworkLines(input: string): string[] {
  if (input.length > MAX_NETWORKS_TEXT) throw new AppError(400, 'ME052', 'ME052', { max: MAX_NETWORKS }, { field: 'allowedNetworks' });
  const networks: string[] = [];
  input.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const text = raw.trim();
    if (text === '') return;
    const network = parseLine(text, index + 1);
    if (!networks.includes(network)) networks.push(network);
  });
  if (networks.length > MAX_NETWORKS) throw new AppError(400, 'ME052', 'ME052', { max: MAX_NETWORKS }, { field: 'allowedNetworks' });
  return networks;
}

/** Whether the list lets this address sign in (an empty list lets everyone). */
export const addressIsAllowed = (networks: string[], address: string): boolean =>
  networks.length === 0 || isAllowedAddress(parseNetworks(networks), address);
