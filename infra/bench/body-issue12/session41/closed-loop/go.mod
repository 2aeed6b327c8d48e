module closedloop
go 1.21
