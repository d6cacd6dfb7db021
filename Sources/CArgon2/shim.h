// Argon2's reference implementation, as Debian's libargon2-dev installs it.
#include <argon2.h>
