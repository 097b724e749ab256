print("swiftlet")
