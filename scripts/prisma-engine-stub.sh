#!/bin/sh
# Stand-in for Prisma's schema-engine binary on machines without internet (see docs/migrations.md).
# `prisma generate` only asks it for its version; anything else (migrate, db push) must fail loudly.
if [ "$1" = "--version" ]; then
  echo "schema-engine-cli 0.0.0-offline-stub"
  exit 0
fi
echo "prisma schema engine is not available offline; migrations are applied by src/db/migrate.ts" >&2
exit 1
