"(&
https://b.test/b.tes