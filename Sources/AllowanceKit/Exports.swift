// A client of AllowanceKit speaks in the wire types: they come with it.
@_exported import AllowanceAPI
