// Access only from the allowed networks (ALLOWED_NETWORKS, a CIDR list): E503 on pages,
// E103 from the user API, ME043 in the manager area (§6).
import net from 'node:net';
import type { RequestHandler } from 'express';
import { AppError, isApiRequest, isManagerArea } from './errors.ts';

export function parseNetworks(cidrs: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const cidr of cidrs) {
    const [address, prefixText] = cidr.split('/');
    const family = net.isIPv6(address ?? '') ? 'ipv6' : 'ipv4';
    if (!address || !net.isIP(address)) throw new Error(`ALLOWED_NETWORKS: "${cidr}" is not an address or CIDR range`);
    const prefix = prefixText === undefined ? (family === 'ipv4' ? 32 : 128) : Number(prefixText);
    list.addSubnet(address, prefix, family);
  }
  return list;
}

export function isAllowedAddress(list: net.BlockList, address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (mapped) return list.check(mapped, 'ipv4');
  return list.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}

export function allowedNetworksOnly(cidrs: string[]): RequestHandler {
  if (cidrs.length === 0) return (_req, _res, next) => next();
  const list = parseNetworks(cidrs);
  return (req, _res, next) => {
    if (isAllowedAddress(list, req.ip ?? '')) return next();
    const errcode = isManagerArea(req) ? 'ME043' : isApiRequest(req) ? 'E103' : 'E503';
    next(new AppError(403, errcode));
  };
}
