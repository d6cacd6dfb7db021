/// Where the database lives: a SQLite file by default, PostgreSQL for scale-out, memory for tests.
public enum DatabaseLocation: Sendable, Equatable {
  case sqliteFile(path: String)
  case sqliteMemory
  case postgres(url: String)
}
