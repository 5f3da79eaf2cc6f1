import TesseraCLI
_ = CLI()
