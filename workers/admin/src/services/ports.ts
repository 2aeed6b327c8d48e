/** The admin API's own port: Mountebank would fail to bind an imposter there. */
export const ADMIN_PORT = 2525;

// Linux's default ephemeral range, where the OS puts an mb imposter created without a port.
const FIRST_EPHEMERAL = 32768;
const LAST_EPHEMERAL = 60999;

export function randomPort(): number {
  const span = LAST_EPHEMERAL - FIRST_EPHEMERAL + 1;
  return FIRST_EPHEMERAL + (crypto.getRandomValues(new Uint32Array(1))[0]! % span);
}
