/** A readable browser and device name from a User-Agent header, for the device log. */
export function describeUserAgent(userAgent: string | undefined): { browser: string; deviceName: string } {
  const ua = userAgent ?? '';
  const browser =
    match(ua, /Edg\/([\d]+)/, 'Edge') ??
    match(ua, /OPR\/([\d]+)/, 'Opera') ??
    match(ua, /Firefox\/([\d]+)/, 'Firefox') ??
    match(ua, /(?:Chrome|Chromium|HeadlessChrome)\/([\d]+)/, 'Chrome') ??
    match(ua, /Version\/([\d]+).*Safari/, 'Safari') ??
    'Unknown';
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad/.test(ua)
        ? 'iOS'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'Unknown';
  const kind = /Mobile|Android|iPhone/.test(ua) ? 'Mobile' : 'Desktop';
  return { browser, deviceName: `${os} ${kind}` };
}

function match(ua: string, pattern: RegExp, name: string): string | undefined {
  const found = pattern.exec(ua);
  return found ? `${name} ${found[1]}` : undefined;
}
