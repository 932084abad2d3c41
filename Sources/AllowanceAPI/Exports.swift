@_exported import AllowanceCore
