"(&
https://b.test/b.test"	Ğ·¡Õó˜(¢Gai~Z˜T