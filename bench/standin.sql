-- A catalog in orchard's schema, for BENCH_STANDIN=1 runs made before the server existed.
PRAGMA journal_mode = WAL;
CREATE TABLE apps(slug TEXT PRIMARY KEY, name TEXT NOT NULL, promise TEXT NOT NULL,
  path TEXT NOT NULL, version TEXT NOT NULL, availability TEXT NOT NULL, position INTEGER NOT NULL);
INSERT INTO apps VALUES
  ('faith-jar', 'Faith Jar', 'A verse a day, kept in a jar.', '/faith-jar/', '0.1.0', 'available', 1),
  ('miga', 'MIGA', 'Small habits, “made great” again.', '/miga/', '0.1.0', 'coming_soon', 2),
  ('walkworthy', 'WalkWorthy', 'Encouragement for the walk.', '/walkworthy/', '0.1.0', 'coming_soon', 3),
  ('wearbloom', 'Wearbloom', 'See it on you before you buy.', '/wearbloom/', '0.1.0', 'coming_soon', 4),
  ('dangdai', 'Dangdai', '当代中文 — Chinese that sticks.', '/dangdai/', '0.1.0', 'coming_soon', 5);
