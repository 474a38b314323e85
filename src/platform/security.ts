// Security headers (helmet). Development relaxes the script policy for Vite's inline preamble and HMR socket.
import helmet from 'helmet';

export function securityHeaders(options: { allowInlineScripts: boolean; secureTransport: boolean }) {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: options.allowInlineScripts ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: options.allowInlineScripts ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: options.secureTransport ? [] : null,
      },
    },
    strictTransportSecurity: options.secureTransport,
    crossOriginEmbedderPolicy: false,
  });
}
