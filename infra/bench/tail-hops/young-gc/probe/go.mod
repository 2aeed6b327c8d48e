module mockctl.local/probe

go 1.21
