// The documented host and metadata endpoints of the big clouds: the platform never calls them, under any
// AGENT_ADDRESSES policy. An agent endpoint (or a name it resolves to) at one of these would turn the
// platform into a reader of its own host's credentials. Most sit in link-local space (169.254.0.0/16,
// fe80::/10), refused anyway; they are listed here so a refusal says what they are. The ones that matter
// most are those that would otherwise pass: a public address (Azure's 168.63.129.16), a carrier-grade NAT
// address (Alibaba's) or a unique-local IPv6 address (AWS, GCP, Oracle, Akamai, Scaleway), all of which a
// private-mode platform would call. Addresses are written as ipaddr.js prints them (lower case, shortest).

export const CLOUD_ENDPOINT_ADDRESSES: ReadonlyMap<string, string> = new Map([
  // AWS: instance metadata (IMDS), Route 53 Resolver, Time Sync, ECS task metadata, EKS Pod Identity.
  ['169.254.169.254', 'instance metadata (AWS, GCP, Azure, Oracle, OpenStack, DigitalOcean, Hetzner...)'],
  ['fd00:ec2::254', 'AWS instance metadata (IPv6)'],
  ['169.254.169.253', 'AWS DNS resolver'],
  ['fd00:ec2::253', 'AWS DNS resolver (IPv6)'],
  ['169.254.169.123', 'AWS time sync'],
  ['fd00:ec2::123', 'AWS time sync (IPv6)'],
  ['169.254.170.2', 'AWS ECS task metadata and credentials'],
  ['169.254.170.23', 'AWS EKS Pod Identity credentials'],
  ['fd00:ec2::23', 'AWS EKS Pod Identity credentials (IPv6)'],
  // Azure: the WireServer / host endpoint (also its DNS and health probes): a public address.
  ['168.63.129.16', 'Azure host endpoint (WireServer)'],
  // Google Cloud: the metadata server of IPv6-only instances.
  ['fd20:ce::254', 'Google Cloud metadata (IPv6)'],
  // Alibaba Cloud: metadata and the VPC DNS servers, inside 100.64.0.0/10.
  ['100.100.100.200', 'Alibaba Cloud metadata'],
  ['100.100.2.136', 'Alibaba Cloud DNS'],
  ['100.100.2.138', 'Alibaba Cloud DNS'],
  // Oracle Cloud: Classic's metadata address, and IMDS over IPv6.
  ['192.0.0.192', 'Oracle Cloud metadata'],
  ['fd00:c1::a9fe:a9fe', 'Oracle Cloud metadata (IPv6)'],
  // Tencent Cloud (metadata.tencentyun.com), Akamai / Linode, Scaleway, OpenStack over IPv6.
  ['169.254.0.23', 'Tencent Cloud metadata'],
  ['fd00:a9fe:a9fe::1', 'Akamai (Linode) metadata (IPv6)'],
  ['169.254.42.42', 'Scaleway metadata'],
  ['fd00:42::42', 'Scaleway metadata (IPv6)'],
  ['fe80::a9fe:a9fe', 'OpenStack / Akamai metadata (IPv6)'],
]);

/**
 * Names of metadata services, refused before any DNS (and any name under them): some resolve only inside
 * their cloud, some (Equinix Metal's) to a public address that answers by the caller's address.
 */
export const CLOUD_ENDPOINT_NAMES: ReadonlySet<string> = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.azure.internal',
  'metadata.tencentyun.com',
  'api.metadata.cloud.ibm.com',
  'metadata.platformequinix.com',
  'metadata.packet.net',
  'rancher-metadata',
]);

/** Whether `name` (lower case, no trailing dot) is a metadata service's name or a name under one. */
export function isCloudEndpointName(name: string): boolean {
  for (let at = name; ;) {
    if (CLOUD_ENDPOINT_NAMES.has(at)) return true;
    const dot = at.indexOf('.');
    if (dot < 0) return false;
    at = at.slice(dot + 1);
  }
}
