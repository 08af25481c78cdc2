"""Network play (issue 31): an authoritative server holds the battles; a client is a
seat that reads only its side's view and answers its own decisions. docs/network.md."""
