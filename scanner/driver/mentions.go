package driver

import "github.com/leasegate/leasegate/scanner"

// mentions is what a file that imports the file rel must contain
// (Linker.Mentions), with the names the repository's configuration gives
// rel when det reads them (scanner.ConfigMentioner).
func (r *repo) mentions(det scanner.Linker, rel string) [][]byte {
	if cm, ok := det.(scanner.ConfigMentioner); ok {
		return cm.MentionsIn(rel, repoFiles{r})
	}
	return det.Mentions(rel)
}
