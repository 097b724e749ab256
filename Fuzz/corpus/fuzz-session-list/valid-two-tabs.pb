
=9
	â×–Õó˜	â×–Õó˜
	fuzz.testhttps://fuzz.test/ 
73
	ÙÛ–Õó˜	ÙÛ–Õó˜
b.testhttps://b.test/  